import { describe, expect, it } from 'vitest';
import {
  appendParameters,
  buildTargets,
  chooseTarget,
  matchLanguage,
  parseAcceptLanguage,
  preferredLanguages,
  preferredLanguagesKept,
  safeTarget,
  type LinkTargets,
} from '../../../electron/service/redirect/targeting.js';

const row = (over: Partial<Record<'long_url' | 'geotarget' | 'devicetarget' | 'languagetarget' | 'deeplink' | 'parameters', string>> = {}) => ({
  long_url: 'https://example.com/',
  geotarget: '[]',
  devicetarget: '[]',
  languagetarget: '[]',
  deeplink: '{}',
  parameters: '[]',
  ...over,
});

describe('parseAcceptLanguage', () => {
  it('orders by q-value, keeps header order on ties, drops q=0, * and junk', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-ch', 'fr', 'en', 'de']);
    expect(parseAcceptLanguage('en;q=0.5, pt-BR, de;q=0.5')).toEqual(['pt-br', 'en', 'de']);
    expect(parseAcceptLanguage('fr;q=0, en')).toEqual(['en']);
    expect(parseAcceptLanguage('<script>, en;q=abc, es')).toEqual(['en', 'es']);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});

describe('matchLanguage', () => {
  const targets = new Map([
    ['pt-br', 'https://br/'],
    ['fr', 'https://fr/'],
  ]);
  it('tries each preferred tag in full, then its primary subtag', () => {
    expect(matchLanguage(targets, 'pt-BR')).toBe('https://br/');
    expect(matchLanguage(targets, 'fr-CA')).toBe('https://fr/');
    expect(matchLanguage(targets, 'en, fr-BE;q=0.3')).toBe('https://fr/');
    expect(matchLanguage(targets, 'pt-PT, en')).toBeUndefined();
  });
});

describe('preferredLanguages (parseAcceptLanguage kept per header value)', () => {
  it('gives what parseAcceptLanguage gives, the same again, and keeps at most 1,000 values', () => {
    for (const header of ['fr-CH, fr;q=0.9, en;q=0.8', 'en;q=0.5, pt-BR, de;q=0.5', '', 'x'.repeat(300) + ', en']) {
      expect(preferredLanguages(header)).toEqual(parseAcceptLanguage(header));
      expect(preferredLanguages(header)).toEqual(parseAcceptLanguage(header));
    }
    for (let i = 0; i < 3000; i++) {
      expect(preferredLanguages(`de;q=0.${i % 10}, en-x${i}`)).toEqual(parseAcceptLanguage(`de;q=0.${i % 10}, en-x${i}`));
      expect(preferredLanguagesKept()).toBeLessThanOrEqual(1000);
    }
  });
});

describe('chooseTarget', () => {
  const targets: LinkTargets = {
    fallback: 'https://long/',
    geo: new Map([['DE', 'https://geo-de/']]),
    device: new Map([
      ['iphone', 'https://dev-iphone/'],
      ['windows', 'https://dev-windows/'],
    ]),
    language: new Map([['fr', 'https://lang-fr/']]),
    apple: 'https://apple/',
  };
  const v = (device: '' | 'iphone' | 'android' | 'windows' | 'linux', country = '', acceptLanguage?: string) => ({ device, country, acceptLanguage });

  it('follows deep link > device > geo > language > long URL', () => {
    expect(chooseTarget(targets, v('iphone', 'DE', 'fr'))).toEqual({ url: 'https://apple/', deepLink: true });
    expect(chooseTarget(targets, v('windows', 'DE', 'fr'))).toEqual({ url: 'https://dev-windows/', deepLink: false });
    expect(chooseTarget(targets, v('linux', 'DE', 'fr')).url).toBe('https://geo-de/');
    expect(chooseTarget(targets, v('linux', 'US', 'fr')).url).toBe('https://lang-fr/');
    expect(chooseTarget(targets, v('linux', 'US', 'en')).url).toBe('https://long/');
    expect(chooseTarget(targets, v('', '', undefined)).url).toBe('https://long/');
  });

  it('uses device targeting for Android when there is no google deep link', () => {
    expect(chooseTarget({ ...targets, device: new Map([['android', 'https://dev-android/']]) }, v('android')).url).toBe('https://dev-android/');
  });
});

describe('safeTarget', () => {
  it('keeps printable ASCII URLs exactly and encodes the rest for a header', () => {
    expect(safeTarget('https://example.com/a?b=c&d=%20#f')).toBe('https://example.com/a?b=c&d=%20#f');
    expect(safeTarget('https://exämple.com/ü?q=ß')).toBe('https://xn--exmple-cua.com/%C3%BC?q=%C3%9F');
    expect(safeTarget('https://example.com/a b')).toBe('https://example.com/a%20b');
  });

  it('refuses unsafe schemes and non-URLs', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'vbscript:x', 'not a url', '', 42]) {
      expect(safeTarget(bad)).toBeNull();
    }
  });
});

describe('appendParameters', () => {
  it('adds pairs to the query, before the fragment, encoded', () => {
    const p: [string, string][] = [['utm_source', 'a b'], ['x', '&=?']];
    expect(appendParameters('https://e.com/p', p)).toBe('https://e.com/p?utm_source=a+b&x=%26%3D%3F');
    expect(appendParameters('https://e.com/p?a=1', p)).toBe('https://e.com/p?a=1&utm_source=a+b&x=%26%3D%3F');
    expect(appendParameters('https://e.com/p?', p)).toBe('https://e.com/p?utm_source=a+b&x=%26%3D%3F');
    expect(appendParameters('https://e.com/p?a=1#frag?x', p)).toBe('https://e.com/p?a=1&utm_source=a+b&x=%26%3D%3F#frag?x');
    expect(appendParameters('https://e.com/p', [])).toBe('https://e.com/p');
  });
});

describe('buildTargets', () => {
  it('parses the stored columns, applying parameters to every target', () => {
    const t = buildTargets(
      row({
        geotarget: JSON.stringify([{ location: 'de', link: 'https://de/' }, { location: 'France', link: 'https://fr/' }]),
        devicetarget: JSON.stringify([{ device: 'iPhone', link: 'https://iphone/' }]),
        languagetarget: JSON.stringify([{ language: 'pt-BR', link: 'https://br/' }]),
        deeplink: JSON.stringify({ apple: 'https://apple/', google: 'https://google/', auto: false }),
        parameters: JSON.stringify([{ name: 'p', value: '1' }]),
      }),
    );
    expect(t).toEqual({
      fallback: 'https://example.com/?p=1',
      geo: new Map([
        ['DE', 'https://de/?p=1'],
        ['FR', 'https://fr/?p=1'],
      ]),
      device: new Map([['iphone', 'https://iphone/?p=1']]),
      language: new Map([['pt-br', 'https://br/?p=1']]),
      apple: 'https://apple/?p=1',
      google: 'https://google/?p=1',
    });
  });

  it('skips malformed JSON and unsafe entries instead of failing the redirect', () => {
    const t = buildTargets(row({ geotarget: 'not json', devicetarget: JSON.stringify([{ device: 'android', link: 'javascript:alert(1)' }, 'x', null]), deeplink: '[]' }));
    expect(t).toEqual({ fallback: 'https://example.com/', geo: new Map(), device: new Map(), language: new Map() });
  });

  it('refuses a link whose long URL is unusable', () => {
    expect(buildTargets(row({ long_url: 'javascript:alert(1)' }))).toBeNull();
  });
});
