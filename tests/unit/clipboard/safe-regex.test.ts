import { describe, expect, it } from 'vitest';
import { compileRegexLiteral, compileSafeRegex, SAFE_REGEX_MAX_SOURCE } from '../../../electron/backend/clipboard/safe-regex.js';

function compiled(source: string, ignoreCase = false) {
  const result = compileSafeRegex(source, ignoreCase);
  if (!result.ok) throw new Error(result.message);
  return result.regex;
}

const subjects = [
  'https://example.com/',
  'https://www.example.com/blog/2024/post-1?utm_source=x',
  'http://shop.example.org:8080/cart?id=42#top',
  'https://EXAMPLE.com/Path/To',
  'https://xn--bcher-kva.de/%C3%BCber',
  'https://a.b.c.d/e_f-g',
  '',
  'aaaaaaaaaaaaaaaaaaaaab',
  'foo bar\tbaz',
];

// Each agrees with JavaScript's own engine on every subject.
const patterns: [string, string][] = [
  ['example\\.com', ''],
  ['^https://(www\\.)?example\\.com/', ''],
  ['^https?://[^/]+\\.org(:\\d+)?/', ''],
  ['/blog/\\d{4}/', ''],
  ['\\d{2,3}', ''],
  ['x{0}y?', ''],
  ['(?:cart|checkout)\\?id=\\d+', ''],
  ['#top$', ''],
  ['^$', ''],
  ['path', 'i'],
  ['[A-Z]{4,}', ''],
  ['[A-Z]{4,}', 'i'],
  ['[^a-z:/.]', ''],
  ['[^a-z:/.]', 'i'],
  ['\\bexample\\b', ''],
  ['\\Bxample', ''],
  ['\\w+-\\w+', ''],
  ['\\s', ''],
  ['\\S+\\s\\S+', ''],
  ['%[0-9A-F]{2}', ''],
  ['(a|ab)(c|bcd)?', ''],
  ['a+?b', ''],
  ['(?<host>[a-z]+)\\.de', ''],
  ['[\\d.-]+', ''],
  ['[-a]', ''],
  ['[\\d-z]+', ''],
  ['\\x41|\\u0062', 'i'],
  ['e.c', ''],
  ['(a*)*b', ''],
  ['(a|a)*b$', ''],
  ['[]', ''],
];

describe('safe regex: the same answers as JavaScript', () => {
  it.each(patterns)('/%s/%s', (source, flags) => {
    const ours = compiled(source, flags === 'i');
    const native = new RegExp(source, flags);
    for (const subject of subjects) expect(ours.test(subject), JSON.stringify(subject)).toBe(native.test(subject));
  });
});

describe('safe regex: linear time', () => {
  // Each of these takes a backtracking engine longer than the age of the universe on this input.
  const evil = ['(a+)+$', '(a|a)*c', '(a|aa)+$', '(.*)*x', '.*.*.*.*.*x', '(\\w+\\d*)+\\.$', '((a{1,10}){1,10}){1,10}$'];
  it.each(evil)('answers /%s/ on a 2,000-character URL at once', (source) => {
    const subject = `http://e.io/${'a'.repeat(2000)}!`;
    const started = performance.now();
    expect(compiled(source).test(subject)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('safe regex: what is refused, with a message', () => {
  const refused: [string, RegExp][] = [
    ['(a)\\1', /back-references/],
    ['(?<n>a)\\k<n>', /named back-references/],
    ['a(?=b)', /look-ahead/],
    ['a(?!b)', /look-ahead/],
    ['(?<=a)b', /look-behind/],
    ['(?<!a)b', /look-behind/],
    ['(abc', /never closed/],
    ['abc)', /no "\("/],
    ['[abc', /never closed/],
    ['*a', /nothing before it/],
    ['a**', /two repetitions/],
    ['^*', /cannot be repeated/],
    ['a{2', /count/],
    ['a{3,1}', /out of order/],
    ['a{1001}', /above 1000/],
    ['((a{100}){100}){10}', /too large/],
    ['[z-a]', /out of order/],
    ['\\q', /not an escape/],
    ['\\p{L}', /not an escape/],
    ['\\x4', /hex digits/],
    ['abc\\', /lone backslash/],
    ['\\01', /octal/],
  ];
  it.each(refused)('refuses %s', (source, message) => {
    const result = compileSafeRegex(source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('refuses an expression that is too long', () => {
    const result = compileSafeRegex('a'.repeat(SAFE_REGEX_MAX_SOURCE + 1));
    expect(result.ok).toBe(false);
  });

  it('reads /…/ and /…/i literals and refuses other flags', () => {
    const plain = compileRegexLiteral('/Example\\.com\\/x/');
    expect(plain.ok && plain.regex.test('https://example.com/x')).toBe(false);
    const folded = compileRegexLiteral('/Example\\.com\\/x/i');
    expect(folded.ok && folded.regex.test('https://example.com/x')).toBe(true);
    // The last slash closes the expression: slashes inside need no escape.
    const slashes = compileRegexLiteral('/example.com/blog//');
    expect(slashes.ok && slashes.regex.test('https://example.com/blog/x')).toBe(true);
    for (const bad of ['/abc/g', '/abc/m', '//', '/abc', 'abc/']) {
      expect(compileRegexLiteral(bad).ok, bad).toBe(false);
    }
  });
});

describe('safe regex: random expressions agree with JavaScript', () => {
  it('gives the same answer as RegExp for 400 random expressions on 30 random strings each', () => {
    let seed = 0x5eed;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff), seed / 0x80000000);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const atoms = ['a', 'b', '.', '\\d', '\\w', '\\W', '[ab]', '[^a]', '[a-c1]', '/', '\\.', '^', '$', '\\b'];
    const quantifiers = ['', '', '', '*', '+', '?', '{2}', '{1,2}', '{0,}', '*?'];
    const expression = (depth: number): string => {
      const parts: string[] = [];
      const length = 1 + Math.floor(random() * 3);
      for (let i = 0; i < length; i++) {
        let atom = depth > 0 && random() < 0.3 ? `(${expression(depth - 1)}${random() < 0.5 ? `|${expression(depth - 1)}` : ''})` : pick(atoms);
        if (!['^', '$', '\\b'].includes(atom)) atom += pick(quantifiers);
        parts.push(atom);
      }
      return parts.join('');
    };
    const alphabet = ['a', 'b', 'c', '1', '/', '.', ' ', 'A'];
    let compared = 0;
    for (let n = 0; n < 400; n++) {
      const source = expression(2);
      const ignoreCase = random() < 0.3;
      const ours = compileSafeRegex(source, ignoreCase);
      expect(ours.ok, source).toBe(true);
      if (!ours.ok) continue;
      const native = new RegExp(source, ignoreCase ? 'i' : '');
      for (let k = 0; k < 30; k++) {
        let subject = '';
        const length = Math.floor(random() * 10);
        for (let i = 0; i < length; i++) subject += pick(alphabet);
        expect(ours.regex.test(subject), `/${source}/ on ${JSON.stringify(subject)}`).toBe(native.test(subject));
        compared++;
      }
    }
    expect(compared).toBe(12_000);
  });
});
