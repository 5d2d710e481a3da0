/**
 * Checks the documentation's own links: every relative link or image of README.md (and the
 * root's other pages) and docs/**\/*.md must name a file that exists, and a `#anchor` into a markdown page (or the page
 * itself) a heading it has, slugged as GitHub slugs them (github-slugger, which GitHub's own
 * rendering follows: lower case, punctuation dropped, spaces to hyphens, -1, -2 … on repeats).
 * Links to other sites are not fetched: the check runs offline.
 *
 * markdown-it reads the pages, so links in code blocks and code spans are not links, and
 * reference-style links and <img>/<a> HTML are found as GitHub would find them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

export interface DocsLinkProblem {
  /** The page, relative to the root. */
  file: string;
  /** The link as written. */
  link: string;
  problem: string;
}

const md = new MarkdownIt({ html: true });
const HTML_TARGET = /<(?:img|a|source)\b[^>]*?\s(?:src|href|srcset)\s*=\s*["']([^"']+)["']/gi;

/** README.md and the root's other pages (CHANGELOG.md, SECURITY.md…) and every .md under docs/, relative to root. */
export function docPages(root: string): string[] {
  const pages = readdirSync(root).filter((entry) => entry.endsWith('.md') && statSync(join(root, entry)).isFile());
  const docs = join(root, 'docs');
  if (existsSync(docs)) {
    for (const entry of readdirSync(docs, { recursive: true, encoding: 'utf8' })) {
      if (entry.endsWith('.md')) pages.push(join('docs', entry));
    }
  }
  return pages.sort();
}

/** Every link and image target of a page, in the order written. */
export function linkTargets(source: string): string[] {
  const targets: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'link_open') targets.push(token.attrGet('href') ?? '');
      else if (token.type === 'image') targets.push(token.attrGet('src') ?? '');
      else if (token.type === 'html_inline' || token.type === 'html_block') {
        for (const match of token.content.matchAll(HTML_TARGET)) targets.push(match[1]!);
      }
      if (token.children) walk(token.children);
    }
  };
  walk(md.parse(source, {}));
  return targets;
}

/** The anchors GitHub gives a page's headings. */
export function headingAnchors(source: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const tokens = md.parse(source, {});
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    // The heading's text as shown: code spans keep their text, emphasis and links lose their marks.
    const text = (tokens[i + 1]?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    anchors.add(slugger.slug(text));
  });
  return anchors;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function checkDocsLinks(root: string): DocsLinkProblem[] {
  const problems: DocsLinkProblem[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (path: string) => {
    let found = anchorsOf.get(path);
    if (!found) anchorsOf.set(path, (found = headingAnchors(readFileSync(path, 'utf8'))));
    return found;
  };
  for (const file of docPages(root)) {
    const path = join(root, file);
    for (const link of linkTargets(readFileSync(path, 'utf8'))) {
      if (link === '') {
        problems.push({ file, link, problem: 'the link has no target' });
        continue;
      }
      if (EXTERNAL.test(link)) continue;
      const hashAt = link.indexOf('#');
      const pathPart = hashAt === -1 ? link : link.slice(0, hashAt);
      const anchor = hashAt === -1 ? null : link.slice(hashAt + 1);
      let target: string;
      try {
        target = pathPart === '' ? path : pathPart.startsWith('/') ? join(root, decodeURI(pathPart)) : resolve(dirname(path), decodeURI(pathPart));
      } catch {
        problems.push({ file, link, problem: 'the address is not valid percent-encoding' });
        continue;
      }
      if (!existsSync(target)) {
        problems.push({ file, link, problem: `${relative(root, target)} does not exist` });
        continue;
      }
      if (anchor !== null && target.endsWith('.md') && statSync(target).isFile() && !anchors(target).has(decodeURIComponent(anchor).toLowerCase())) {
        problems.push({ file, link, problem: `${relative(root, target)} has no heading with the anchor #${anchor}` });
      }
    }
  }
  return problems;
}
