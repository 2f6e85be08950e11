/** Fills the single-page shell (out/renderer/index.html) with one prerendered page. */
const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`the renderer's index.html has no ${pattern.source}`);
  return html.replace(pattern, () => replacement);
}

export function pageHtml(shell: string, page: { title: string; description: string; body: string }): string {
  let html = replaceOnce(shell, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${page.body}</div>`);
}
