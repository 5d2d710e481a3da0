import { describe, expect, it } from 'vitest';
import {
  compileRuleRegex,
  RULE_REGEX_MAX_PROGRAM,
} from '../../../electron/backend/clipboard/rule-regex.js';
import { compileMatcher, matchSubject } from '../../../electron/backend/clipboard/rule-match.js';
import { englishText } from '../../../electron/shared/message-ref.js';

function regex(literal: string) {
  const result = compileRuleRegex(literal);
  if (!result.ok) throw new Error(englishText(result.ref));
  return result.regex;
}

function refusal(literal: string): string {
  const result = compileRuleRegex(literal);
  if (result.ok) throw new Error(`${literal} was accepted`);
  return englishText(result.ref);
}

describe('rule regexes: what they match', () => {
  // Rules are tested against normalised URLs (see ClipboardRule), anywhere unless anchored.
  const table: [string, string, boolean][] = [
    ['/example\\.com/', 'https://www.example.com/x', true],
    ['/example\\.com/', 'https://exampleXcom/', false],
    ['/^https:\\/\\/(www\\.)?example\\.com\\//', 'https://example.com/a', true],
    ['/^https:\\/\\/(www\\.)?example\\.com\\//', 'http://example.com/a', false],
    // The last slash closes the expression: slashes inside need no escape.
    ['/example.com/blog//', 'https://example.com/blog/post', true],
    ['/example.com/blog//', 'https://example.com/news/blog', false],
    ['/\\/blog\\/\\d{4}\\//', 'https://e.com/blog/2024/x', true],
    ['/\\/blog\\/\\d{4}\\//', 'https://e.com/blog/24/x', false],
    ['/[?&]utm_[a-z]+=/', 'https://e.com/?a=1&utm_source=x', true],
    ['/[?&]utm_[a-z]+=/', 'https://e.com/utm_source=x', false],
    ['/\\.pdf$/', 'https://e.com/report.pdf', true],
    ['/\\.pdf$/', 'https://e.com/report.pdf?download=1', false],
    ['/^https:\\/\\/[^/]+\\.org(:\\d+)?\\//', 'https://shop.example.org:8080/', true],
    ['/\\bshop\\b/', 'https://shop.example.com/', true],
    ['/\\bshop\\b/', 'https://workshop.example.com/', false],
    ['/(?:cart|checkout)\\?id=\\d+/', 'https://e.com/checkout?id=42', true],
    ['/(?<host>[a-z]+)\\.de\\//', 'https://xn--bcher-kva.de/', true],
    ['/a.+?z/', 'https://a.io/xyz', true],
    ['/\\x41/', 'https://e.com/A', true],
    ['/%C3%BC/', 'https://e.com/%C3%BCber', true],
    // Case matters unless the rule ends in /i.
    ['/EXAMPLE/', 'https://example.com/', false],
    ['/EXAMPLE/i', 'https://example.com/', true],
    ['/[A-Z]{4}/i', 'https://e.com/path', true],
    ['/[^a-z:/.]/i', 'https://e.com/Path', false],
    ['/[^a-z:/.]/', 'https://e.com/Path', true],
  ];
  it.each(table)('%s on %s → %s', (literal, url, expected) => {
    expect(regex(literal).test(url)).toBe(expected);
  });

  // The syntax the rule documentation lists gives the answers JavaScript's own RegExp gives.
  const documented = [
    'e\\.c',
    '^https?://',
    '\\d{2,3}',
    'x{0}y?',
    '[\\d.-]+',
    '\\w+-\\w+',
    '\\S+',
    '\\s',
    '\\Bxample',
    '(a|ab)(c|bcd)?',
    '(?<n>[a-z]+)\\.io',
    'a*?b',
    '#top$',
  ];
  const subjects = [
    'https://example.com/',
    'https://www.example.com/blog/2024/post-1?utm_source=x',
    'http://shop.example.org:8080/cart?id=42#top',
    'https://a.io/ab-cd_e?q=a%20b',
  ];
  it.each(documented)('/%s/ and /%s/i agree with RegExp', (source) => {
    for (const flags of ['', 'i']) {
      const ours = regex(`/${source}/${flags}`);
      const native = new RegExp(source, flags);
      for (const s of subjects)
        expect(ours.test(s), `/${source}/${flags} on ${s}`).toBe(native.test(s));
    }
  });

  it('keeps the source and flag it was given', () => {
    expect(regex('/a\\/b/i')).toMatchObject({ source: 'a\\/b', ignoreCase: true });
    expect(regex('/a/')).toMatchObject({ source: 'a', ignoreCase: false });
  });

  it('is what a /…/ rule runs, against the normalised URL', () => {
    const compiled = compileMatcher('/^https:\\/\\/xn--bcher-kva\\.de\\/%C3%BCber$/');
    expect(compiled.ok && compiled.matcher.kind).toBe('regex');
    if (!compiled.ok) return;
    expect(compiled.matcher.test(matchSubject(new URL('https://BÜCHER.de/über')))).toBe(true);
    expect(compiled.matcher.test(matchSubject(new URL('https://bücher.de/uber')))).toBe(false);
  });
});

describe('rule regexes: no expression freezes the watcher', () => {
  // Each of these takes a backtracking engine (RegExp) longer than a lifetime on this input.
  const catastrophic = [
    '(a+)+$',
    '(a|a)*c',
    '(a|aa)+$',
    '(.*)*x',
    '.*.*.*.*.*x',
    '(\\w+\\d*)+\\.$',
    '((a{1,10}){1,10}){1,10}$',
  ];
  it.each(catastrophic)('answers /%s/ on a 2,000-character URL at once', (source) => {
    const compiled = regex(`/${source}/`);
    const url = `https://e.io/${'a'.repeat(2000)}!`;
    const started = performance.now();
    expect(compiled.test(url)).toBe(false);
    // A failure bound, not a benchmark: backtracking would take years, while RE2's NFA on the
    // largest of these takes ~140 ms on a loaded 2-core machine with a cold cache (so not 200).
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it(`refuses an expression that compiles to more than ${RULE_REGEX_MAX_PROGRAM} instructions, not long counts`, () => {
    expect(refusal('/(?:a.{0,999}|b.{0,999})(?:a.{0,999}|b.{0,999})$/')).toMatch(/too large/);
    expect(compileRuleRegex('/^.{1000}$/').ok).toBe(true);
  });
});

describe('rule regexes: what is refused, with a message for the settings form', () => {
  const refused: [string, RegExp][] = [
    ['/(a)\\1/', /back-references such as \\1 .* are not supported/],
    ['/(?<n>a)\\k<n>/', /back-references .* are not supported/],
    ['/a(?=b)/', /look-ahead and look-behind .* are not supported/],
    ['/a(?!b)/', /look-ahead and look-behind .* are not supported/],
    ['/(?<=a)b/', /look-ahead and look-behind .* are not supported/],
    ['/(?<!a)b/', /look-ahead and look-behind .* are not supported/],
    ['/(abc/', /“\(” is never closed/],
    ['/abc)/', /“\)” with no “\(”/],
    ['/[abc/', /“\[” is never closed/],
    ['/*a/', /“\*” has nothing before it to repeat/],
    ['/a**/', /two repetitions in a row \(“\*\*”\)/],
    ['/a{3,1}/', /count \{3,1\} is out of order or too large/],
    ['/a{1001}/', /count \{1001\} .* up to 1,000/],
    ['/((a{100}){100}){10}/', /nested ones multiplied/],
    ['/[z-a]/', /“z-a” is not a valid range/],
    ['/\\q/', /\\q is not an escape/],
    ['/\\u0041/', /write a character code as \\x41/],
    ['/abc\\/', /lone backslash/],
    ['/(?x)a/', /“\(\?x” does not start a group/],
    ['/(?<n>a)(?<n>b)/', /two groups are named “n”/],
    ['/abc/g', /only flag .* is i/],
    ['/abc/m', /only flag .* is i/],
    ['//', /empty/],
  ];
  it.each(refused)('refuses %s', (literal, message) => {
    const text = refusal(literal);
    expect(text).toMatch(message);
    expect(text).not.toMatch(/error parsing regexp/);
  });

  it('starts every syntax message the same way and ends it with a full stop', () => {
    for (const literal of ['/a(?=b)/', '/(a)\\1/', '/[abc/', '/a{1001}/']) {
      expect(refusal(literal)).toMatch(/^The regular expression is not valid: .+\.$/);
    }
  });

  it('asks for slashes when there is no closing one', () => {
    expect(refusal('/abc')).toMatch(/between slashes/);
    expect(refusal('abc/')).toMatch(/between slashes/);
  });

  it('refuses a rule longer than 300 characters before compiling it', () => {
    const result = compileMatcher(`/${'a'.repeat(299)}/`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(englishText(result.ref)).toMatch(/keep it to 300/);
    expect(compileMatcher(`/${'a'.repeat(298)}/`).ok).toBe(true);
  });
});
