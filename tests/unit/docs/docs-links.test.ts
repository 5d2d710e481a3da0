import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDocsLinks, docPages, headingAnchors } from '../../tools/docs-links.js';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('the documentation links', () => {
  it('every relative link and image of README.md and docs/ names a file that exists, and every #anchor a heading', () => {
    expect(docPages(ROOT)).toContain('README.md');
    expect(docPages(ROOT).length).toBeGreaterThan(5);
    const problems = checkDocsLinks(ROOT).map((p) => `${p.file}: ${p.link} — ${p.problem}`);
    expect(problems).toEqual([]);
  });
});

describe('the link checker', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  it('names the page and the link of a missing page, a missing image and a missing heading; code is not a link', () => {
    root = mkdtempSync(join(tmpdir(), 'docs-links-'));
    mkdirSync(join(root, 'docs/images'), { recursive: true });
    writeFileSync(join(root, 'docs/images/shown.png'), '');
    writeFileSync(
      join(root, 'README.md'),
      [
        '# Demo',
        '![ok](docs/images/shown.png) ![gone](docs/images/gone.png)',
        '[ok](docs/page.md#the-analytics-view) [bad anchor](docs/page.md#nowhere) [gone](docs/other.md)',
        '[self](#demo) [self, wrong](#demo-2) [site](https://example.com/x.md) [mail](mailto:a@example.com)',
        '`[in code](docs/nothing.md)`',
        '```',
        '[in a block](docs/nothing.md)',
        '```',
        '<img src="docs/images/html-gone.png" alt="">',
      ].join('\n'),
    );
    writeFileSync(join(root, 'docs/page.md'), '# Page\n\n## The *analytics* view\n\n[back](../README.md#demo) [up](../README.md#missing)\n');
    expect(checkDocsLinks(root)).toEqual([
      { file: 'README.md', link: 'docs/images/gone.png', problem: 'docs/images/gone.png does not exist' },
      { file: 'README.md', link: 'docs/page.md#nowhere', problem: 'docs/page.md has no heading with the anchor #nowhere' },
      { file: 'README.md', link: 'docs/other.md', problem: 'docs/other.md does not exist' },
      { file: 'README.md', link: '#demo-2', problem: 'README.md has no heading with the anchor #demo-2' },
      { file: 'README.md', link: 'docs/images/html-gone.png', problem: 'docs/images/html-gone.png does not exist' },
      { file: 'docs/page.md', link: '../README.md#missing', problem: 'README.md has no heading with the anchor #missing' },
    ]);
  });

  it('slugs headings as GitHub does: punctuation dropped, code kept, repeats numbered', () => {
    const anchors = headingAnchors(
      ['# Using Linkdeck', '## `linkdeck://` links', '### Older deployments: collections "not offered by this service"', '## Links', '## Links', '## Copy, move — and 10,000 links'].join('\n\n'),
    );
    expect([...anchors]).toEqual([
      'using-linkdeck',
      'linkdeck-links',
      'older-deployments-collections-not-offered-by-this-service',
      'links',
      'links-1',
      'copy-move--and-10000-links',
    ]);
  });
});
