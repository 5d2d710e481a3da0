import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../electron/shared/i18n/locales.js';
import { naiveLocaleFor } from '../../../renderer/src/i18n/naive-locale.js';

/*
 * Issue 37, item 7 (and 2), kept fixed: every word the renderer writes goes through one plural
 * rule and one number and date format (renderer/src/i18n/format.ts), so its sources hold no
 * "(s)", no hand-made plural of a count, no locale of their own and no toLocale…String; and the
 * library's own placeholder words ("Please Input") are blanked for every component. The DOM of
 * every view is checked for the same words by tests/e2e/layout-every-view.spec.ts.
 */

const root = resolve(import.meta.dirname, '../../../renderer/src');
const FORMAT = join('i18n', 'format.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|vue)$/.test(name) ? [path] : [];
  });
}

/** Lines of the renderer's sources matching `pattern` (comments left out), as "file:line: text". */
function offending(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const path of sources(root)) {
    const rel = relative(root, path);
    if (rel === FORMAT) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const code = line.trim();
        if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
        if (pattern.test(line)) found.push(`${rel}:${i + 1}: ${code.slice(0, 120)}`);
      });
  }
  return found;
}

describe("the renderer's words", () => {
  it('hold no "(s)": a count is written with the locale\'s plural rules', () => {
    // "row(s) ready", "link(s)<", "line(s)'": a word's "(s)" before more words or the string's end (not a call such as f(s) && …).
    expect(offending(/[a-z]\(s\)(?:[<'"`]|\s+[a-z{])/)).toEqual([]);
  });

  it('make no plural by hand from a count compared with 1', () => {
    // `n === 1 ? 'link' : 'links'` is English only: an ICU plural message (`{n, plural, …}`) chooses by the locale's rules.
    expect(offending(/=== 1 \? ['`]/)).toEqual([]);
    expect(offending(/=== 1 \? '' : 's'/)).toEqual([]);
  });

  it('format numbers and dates only through the formatting module, in the person\'s locale', () => {
    expect(offending(/\.toLocale(Date|Time)?String\(/)).toEqual([]);
    expect(offending(/(toLocale\w*|new Intl\.\w+)\(\s*['"][a-z]{2}/)).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES)('leave none of the library\'s placeholder words ("Please Input", "Please Select") in %s', (locale) => {
    const placeholders = Object.values(naiveLocaleFor(locale)).flatMap((group) =>
      group && typeof group === 'object' ? Object.entries(group).filter(([key]) => /placeholder$/i.test(key)).map(([, v]) => v) : [],
    );
    expect(placeholders.length).toBeGreaterThan(3);
    expect(placeholders.filter((v) => v !== '')).toEqual([]);
    expect(offending(/Please (Input|Select)/i)).toEqual([]);
  });
});
