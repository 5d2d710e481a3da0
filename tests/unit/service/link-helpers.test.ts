import { describe, expect, it } from 'vitest';
import { countryCode, countryName } from '../../../electron/shared/countries.js';
import { titleFromUrl, linkTitle } from '../../../electron/service/links/link-title.js';
import { socialNetwork } from '../../../electron/service/links/stats.js';

describe('countries', () => {
  it('read ISO codes in any case and English names as people type them', () => {
    const cases: [string, string][] = [
      ['us', 'US'],
      ['DE', 'DE'],
      ['United States', 'US'],
      ['united states of america', 'US'],
      ['USA', 'US'],
      ['UK', 'GB'],
      ['Great Britain', 'GB'],
      ['Côte d’Ivoire', 'CI'],
      ["cote d'ivoire", 'CI'],
      ['Türkiye', 'TR'],
      ['Turkey', 'TR'],
      ['Myanmar', 'MM'],
      ['St Lucia', 'LC'],
      ['Bosnia and Herzegovina', 'BA'],
      ['  germany ', 'DE'],
    ];
    for (const [input, code] of cases) expect(countryCode(input), input).toBe(code);
  });

  it('refuse what is no country', () => {
    for (const input of ['Narnia', 'EU', 'ZZ', 'XX', '', 'United Nations', 'Europe'])
      expect(countryCode(input), input).toBeUndefined();
  });

  it('name codes in English', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('fr')).toBe('France');
    expect(countryName('XX')).toBeUndefined();
  });
});

describe('titles made from URLs', () => {
  it('show host and path without scheme, www., query or trailing slash', () => {
    expect(titleFromUrl('https://www.example.com/blog/post/?utm=1#x')).toBe(
      'example.com/blog/post',
    );
    expect(titleFromUrl('http://example.com')).toBe('example.com');
    expect(titleFromUrl('http://example.com:8080/a')).toBe('example.com:8080/a');
  });

  it('decode percent-encoding and punycode for reading', () => {
    expect(titleFromUrl('https://example.com/caf%C3%A9')).toBe('example.com/café');
    expect(titleFromUrl('https://xn--bcher-kva.example/')).toBe('bücher.example');
    expect(titleFromUrl('https://example.com/%E0%A4%A')).toBe('example.com/%E0%A4%A');
  });

  it('cut very long ones', () => {
    const title = titleFromUrl(`https://example.com/${'a'.repeat(500)}`);
    expect(title).toHaveLength(120);
    expect(title.endsWith('…')).toBe(true);
  });

  it('prefer a non-blank meta title', () => {
    expect(linkTitle('My page', 'https://example.com/x')).toBe('My page');
    expect(linkTitle('  ', 'https://example.com/x')).toBe('example.com/x');
    expect(linkTitle(undefined, 'https://example.com/x')).toBe('example.com/x');
  });
});

describe('social networks from referrer hosts', () => {
  it('recognise the networks, their short domains and subdomains', () => {
    const cases: [string, string | undefined][] = [
      ['facebook.com', 'facebook'],
      ['m.facebook.com', 'facebook'],
      ['l.facebook.com', 'facebook'],
      ['fb.com', 'facebook'],
      ['twitter.com', 'twitter'],
      ['mobile.twitter.com', 'twitter'],
      ['t.co', 'twitter'],
      ['X.com', 'twitter'],
      ['www.linkedin.com', 'linkedin'],
      ['lnkd.in', 'linkedin'],
      ['notfacebook.com', undefined],
      ['facebook.com.evil.example', undefined],
      ['box.com', undefined],
      ['example.co', undefined],
    ];
    for (const [host, network] of cases) expect(socialNetwork(host), host).toBe(network);
  });
});
