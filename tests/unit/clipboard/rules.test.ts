import { describe, expect, it } from 'vitest';
import { compileMatcher, matchSubject } from '../../../electron/backend/clipboard/rule-match.js';
import { englishText } from '../../../electron/shared/message-ref.js';
import { compileRules, evaluateRules } from '../../../electron/backend/clipboard/rules.js';
import { mergeDefaults, validateClipboardSettings } from '../../../electron/backend/clipboard/settings.js';
import { DEFAULT_CLIPBOARD_SETTINGS, type ClipboardRule, type ClipboardSettings } from '../../../electron/shared/clipboard-rules.js';

function matches(match: string, url: string): boolean {
  const compiled = compileMatcher(match);
  if (!compiled.ok) throw new Error(englishText(compiled.ref));
  return compiled.matcher.test(matchSubject(new URL(url)));
}

const table: [string, string, boolean][] = [
  // domains: the domain and its subdomains, nothing else
  ['example.com', 'https://example.com/', true],
  ['example.com', 'http://www.example.com/path?q=1', true],
  ['example.com', 'https://a.b.example.com:8443/', true],
  ['example.com', 'https://notexample.com/', false],
  ['example.com', 'https://example.com.evil.org/', false],
  ['example.com', 'https://example.org/example.com', false],
  ['Example.COM', 'https://WWW.example.com/', true],
  ['example.com.', 'https://example.com./', true],
  ['bücher.de', 'https://shop.bücher.de/', true],
  ['bücher.de', 'https://xn--bcher-kva.de/', true],
  ['192.168.1.1', 'http://192.168.1.1/', true],
  ['1.1', 'http://192.168.1.1/', false],
  // patterns: host globs
  ['*.example.com', 'https://www.example.com/x', true],
  ['*.example.com', 'https://a.b.example.com/', true],
  ['*.example.com', 'https://example.com/', false],
  ['*.example.com', 'https://evil.com/?.example.com', false],
  ['shop*.example.com', 'https://shop-eu.example.com/', true],
  ['*.bücher.de', 'https://www.xn--bcher-kva.de/', true],
  // patterns: paths
  ['*.example.com/path/*', 'https://www.example.com/path/a/b', true],
  ['*.example.com/path/*', 'https://www.example.com/path/', true],
  ['*.example.com/path/*', 'https://www.example.com/path', false],
  ['*.example.com/path/*', 'https://www.example.com/other/path/x', false],
  ['example.com/blog/*', 'https://example.com/blog/2024?utm=1', true],
  ['example.com/blog/*', 'https://www.example.com/blog/x', false],
  ['example.com/Blog/*', 'https://example.com/blog/x', false],
  ['example.com/über/*', 'https://example.com/%C3%BCber/x', true],
  ['example.com/', 'https://example.com', true],
  ['example.com/', 'https://example.com/x', false],
  ['*/*.pdf', 'https://files.example.org/docs/report.pdf', true],
  ['*/*.pdf', 'https://files.example.org/docs/report.pdf?download=1', true],
  // patterns: queries only when the pattern has one
  ['example.com/search?q=*', 'https://example.com/search?q=shoes', true],
  ['example.com/search?q=*', 'https://example.com/search?page=2', false],
  // patterns: scheme and port
  ['https://example.com/*', 'https://example.com/x', true],
  ['https://example.com/*', 'http://example.com/x', false],
  ['localhost:3000', 'http://localhost:3000/app', true],
  ['localhost:3000', 'http://localhost:3001/app', false],
  ['localhost:*', 'http://localhost:8080/', true],
  // regular expressions: against the normalised URL
  ['/^https:\\/\\/(www\\.)?example\\.com\\/blog\\//', 'https://www.example.com/blog/x', true],
  ['/^https:\\/\\/(www\\.)?example\\.com\\/blog\\//', 'http://www.example.com/blog/x', false],
  ['/utm_source=/', 'https://example.com/?utm_source=x', true],
  ['/EXAMPLE/i', 'https://example.com/', true],
  ['/EXAMPLE/', 'https://example.com/', false],
  ['/xn--bcher-kva\\.de\\/%C3%BCber/', 'https://bücher.de/über', true],
];

describe('rule matching', () => {
  it.each(table)('%s on %s → %s', (match, url, expected) => {
    expect(matches(match, url)).toBe(expected);
  });

  it('tells the three forms apart by how they are written', () => {
    const kind = (m: string) => {
      const c = compileMatcher(m);
      return c.ok ? c.matcher.kind : englishText(c.ref);
    };
    expect(kind('example.com')).toBe('domain');
    expect(kind('*.example.com')).toBe('pattern');
    expect(kind('example.com/x')).toBe('pattern');
    expect(kind('example.com:8080')).toBe('pattern');
    expect(kind('/example/')).toBe('regex');
  });

  const invalid: [string, RegExp][] = [
    ['', /Enter a domain/],
    ['   ', /Enter a domain/],
    ['exa mple.com', /spaces/],
    ['user@example.com', /domain alone/],
    ['example.com?x', /domain alone/],
    ['exa$mple.com', /not a domain name/],
    ['ftp://example.com/*', /http:\/\/ or https:\/\//],
    ['example.com/page#top', /after #/],
    ['/*', /regular expression|nothing before it/],
    ['*.exa$mple.com/x', /not a host pattern/],
    ['*ü.example.com', /letters a–z/],
    ['example.com:80a/*', /port number/],
    ['/(a)\\1/', /back-references/],
    ['/a(?=b)/', /look-ahead/],
    ['/abc/g', /only flag/],
    ['//', /empty|between slashes/],
    [`${'a'.repeat(300)}.com`, /keep it to 300/],
  ];
  it.each(invalid)('refuses %j', (match, message) => {
    const result = compileMatcher(match);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(englishText(result.ref)).toMatch(message);
  });
});

function settingsWith(rules: ClipboardRule[], defaults: ClipboardSettings['defaults'] = {}): ClipboardSettings {
  return { ...DEFAULT_CLIPBOARD_SETTINGS, rules, defaults };
}
const decide = (settings: ClipboardSettings, url: string) => evaluateRules(compileRules(settings), new URL(url));

describe('allow and deny lists', () => {
  it('shortens everything with no rules, with the global defaults', () => {
    const decision = decide(settingsWith([], { channel: 3 }), 'https://any.org/');
    expect(decision).toEqual({ shorten: true, rule: null, defaults: { channel: 3 } });
  });

  it('refuses what a deny rule matches, with the rule as the reason', () => {
    const settings = settingsWith([{ match: 'internal.corp', action: 'deny' }]);
    const decision = decide(settings, 'https://wiki.internal.corp/page');
    expect(decision.shorten).toBe(false);
    if (!decision.shorten) expect(decision.reason).toMatch(/internal\.corp/);
    expect(decide(settings, 'https://example.com/').shorten).toBe(true);
  });

  it('lets deny win over allow, whatever the order', () => {
    const settings = settingsWith([
      { match: 'example.com', action: 'allow' },
      { match: 'example.com/private/*', action: 'deny' },
    ]);
    expect(decide(settings, 'https://example.com/public').shorten).toBe(true);
    expect(decide(settings, 'https://example.com/private/x').shorten).toBe(false);
  });

  it('shortens only what an allow rule matches once there is one', () => {
    const settings = settingsWith([{ match: 'shop.example.com', action: 'allow' }]);
    expect(decide(settings, 'https://shop.example.com/item').shorten).toBe(true);
    const other = decide(settings, 'https://news.org/');
    expect(other.shorten).toBe(false);
    if (!other.shorten) expect(other.reason).toBe('no allow rule matches it');
  });

  it('ignores disabled rules', () => {
    const settings = settingsWith([
      { match: 'example.com', action: 'deny', enabled: false },
      { match: 'shop.example.com', action: 'allow', enabled: false },
    ]);
    expect(decide(settings, 'https://example.com/').shorten).toBe(true);
  });

  it('takes the first matching allow rule, its defaults over the global ones, UTM merged field by field', () => {
    const settings = settingsWith(
      [
        { match: 'blog.example.com', action: 'allow', defaults: { campaign: 7, utm: { medium: 'blog', campaign: 'spring' } } },
        { match: 'example.com', action: 'allow', defaults: { channel: 9 } },
      ],
      { channel: 1, domain: 'https://go.brand.com', utm: { source: 'linkdeck', medium: 'clipboard' } },
    );
    const blog = decide(settings, 'https://blog.example.com/post');
    expect(blog).toEqual({
      shorten: true,
      rule: settings.rules[0],
      defaults: {
        channel: 1,
        campaign: 7,
        domain: 'https://go.brand.com',
        utm: { source: 'linkdeck', medium: 'blog', campaign: 'spring' },
      },
    });
    const main = decide(settings, 'https://www.example.com/');
    expect(main.shorten && main.defaults).toEqual({
      channel: 9,
      domain: 'https://go.brand.com',
      utm: { source: 'linkdeck', medium: 'clipboard' },
    });
  });

  it('merges defaults without touching the inputs', () => {
    const base = { channel: 1, utm: { source: 'a' } };
    expect(mergeDefaults(base, undefined)).toBe(base);
    expect(mergeDefaults(base, { utm: { term: 't' } })).toEqual({ channel: 1, utm: { source: 'a', term: 't' } });
    expect(base).toEqual({ channel: 1, utm: { source: 'a' } });
  });
});

describe('validateClipboardSettings', () => {
  it('fills the defaults: off, not paused, 400 ms, queue when offline', () => {
    const result = validateClipboardSettings({});
    expect(result).toEqual({
      ok: true,
      settings: { enabled: false, paused: false, pollIntervalMs: 400, offline: 'queue', defaults: {}, rules: [] },
    });
  });

  it('normalises what it keeps', () => {
    const result = validateClipboardSettings({
      enabled: true,
      pollIntervalMs: 250,
      offline: 'skip',
      defaults: { domain: 'HTTPS://Go.Brand.com/', channel: 2, campaign: null, utm: { source: ' news ', medium: '' } },
      rules: [{ match: '  example.com ', action: 'allow', note: '', defaults: { utm: { term: '' } } }],
    });
    expect(result).toEqual({
      ok: true,
      settings: {
        enabled: true,
        paused: false,
        pollIntervalMs: 250,
        offline: 'skip',
        defaults: { domain: 'HTTPS://Go.Brand.com', channel: 2, utm: { source: 'news' } },
        rules: [{ match: 'example.com', action: 'allow' }],
      },
    });
  });

  it('reports every problem with its path and words for the form', () => {
    const result = validateClipboardSettings({
      enabled: 'yes',
      pollIntervalMs: 1000,
      offline: 'later',
      defaults: { channel: -1, domain: 'go.brand.com', utm: { source: 'a\nb' } },
      rules: [
        { match: 'example.com', action: 'maybe' },
        { match: '/(a)\\1/', action: 'deny' },
        { match: 'ok.com', action: 'deny', defaults: { channel: 2 } },
        'nope',
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byPath = Object.fromEntries(result.issues.map((i) => [i.path.join('.'), i.message]));
    expect(Object.keys(byPath).sort()).toEqual(
      [
        'enabled',
        'pollIntervalMs',
        'offline',
        'defaults.channel',
        'defaults.domain',
        'defaults.utm.source',
        'rules.0.action',
        'rules.1.match',
        'rules.2.defaults',
        'rules.3',
      ].sort(),
    );
    expect(byPath['pollIntervalMs']).toMatch(/100 to 500 ms/);
    expect(byPath['defaults.domain']).toMatch(/https:\/\/go\.example\.com/);
    expect(byPath['rules.1.match']).toMatch(/back-references/);
    expect(byPath['rules.2.defaults']).toMatch(/deny rule has no defaults/);
  });

  it('refuses too many rules and a non-object', () => {
    const many = validateClipboardSettings({ rules: Array.from({ length: 201 }, () => ({ match: 'a.com', action: 'deny' })) });
    expect(many.ok).toBe(false);
    expect(validateClipboardSettings(null).ok).toBe(false);
    expect(validateClipboardSettings([]).ok).toBe(false);
  });
});
