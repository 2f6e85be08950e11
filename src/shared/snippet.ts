/** The one-line embed code an owner pastes on their site (decisions §8). */
export function widgetSnippet(publicUrl: string, siteKey: string): string {
  return `<script src="${publicUrl}/widget.js" data-site-key="${siteKey}" async></script>`;
}
