/**
 * The repository stands alone for whoever clones it: every link in its Markdown resolves to a file
 * of the repository (and, with a `#fragment`, to a heading of that file), and nothing cites the
 * planning documents that live outside it. docs/README.md is the index of what replaced them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The files git tracks (what a clone has), without the lock file. */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && file !== 'package-lock.json')
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
}

/** Markdown without its fenced code blocks, where a `#` starts no heading. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
}

function linksOf(markdown: string): string[] {
  const links: string[] = [];
  // Inline code goes too: a bracket in it is text, not a link.
  for (const match of withoutFences(markdown)
    .replace(/`[^`\n]*`/g, '')
    .matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push(match[1]!);
  }
  return links;
}

/** GitHub's anchors of a Markdown file: one per heading, numbered when a heading repeats. */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const match of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    anchors.add(slugger.slug(match[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')));
  }
  return anchors;
}

const markdownFiles = trackedFiles().filter((file) => file.endsWith('.md'));

describe('the repository stands alone', () => {
  it('has Markdown to check, the docs among it', () => {
    expect(markdownFiles).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'docs/architecture.md']));
  });

  it('every relative link in its Markdown resolves to a file of the repository and a heading in it', () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const link of linksOf(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto: and the like
        const [target = '', fragment] = link.split('#');
        const resolved =
          target === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), target);
        const inside = !path.relative(ROOT, resolved).startsWith('..');
        if (!inside || !fs.existsSync(resolved)) {
          broken.push(`${file}: ${link} (${inside ? 'no such file' : 'outside the repository'})`);
          continue;
        }
        if (fragment && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(fragment)) {
          broken.push(`${file}: ${link} (no heading #${fragment})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('no file cites a document outside the repository', () => {
    // The planning documents' names and the ways code once cited them ("decisions §8", "security A-29").
    const outside =
      /\.\.\/shared\/(spec|guides)|(?<![\w-])(product-spec|decisions|toolchain|conventions|security)\.md|\bdecisions §|\bspec §|security guide|toolchain guide|conventions item/i;
    const citing = trackedFiles()
      .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json|ya?ml|sh|conf|html|css)$/.test(file) || file.startsWith('.ci/'))
      .filter((file) => file !== 'tests/docs/stands-alone.test.ts')
      .flatMap((file) =>
        fs
          .readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(citing).toEqual([]);
  });
});
