import { describe, expect, it } from 'vitest';
import {
  formatExpiry,
  parseExpiry,
  validateCountry,
  validateCustomAlias,
  validateDeepLinks,
  validateDevice,
  validateExpiry,
  validateLanguage,
  validateLinkInput,
  validateLinkPassword,
  validateMetaImage,
  validateParameters,
  validateTargetRows,
  validateWebUrl,
} from '../../../electron/shared/link-validation.js';

const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);

describe('validateWebUrl', () => {
  it.each(['https://example.com', 'http://example.com/a?b=c#d', 'HTTPS://Example.com/x', '  https://example.com/  '])('accepts %s', (url) => {
    expect(validateWebUrl(url)).toBeNull();
  });

  it('requires a value unless optional', () => {
    expect(validateWebUrl('  ')).toMatch(/required/);
    expect(validateWebUrl('', 'The URL', false)).toBeNull();
  });

  it.each([
    ['javascript:alert(1)', 'javascript:'],
    ['ftp://example.com/file', 'ftp:'],
    ['data:text/html,hi', 'data:'],
    ['file:///etc/passwd', 'file:'],
    ['mailto:a@b.c', 'mailto:'],
  ])('names the refused scheme of %s', (url, scheme) => {
    expect(validateWebUrl(url)).toContain(`"${scheme}" scheme`);
  });

  it.each(['example.com/page', 'localhost:8080/x', 'www.example.com'])('asks for a full address for %s', (url) => {
    expect(validateWebUrl(url)).toMatch(/must start with http:\/\/ or https:\/\//);
  });

  it.each(['http:/\\evil.example', 'https:evil.example', 'http://a.example\\b', 'http:///evil.example'])('refuses the misleading form %s', (url) => {
    expect(validateWebUrl(url)).toMatch(/two forward slashes/);
  });

  it('refuses control characters and broken addresses', () => {
    expect(validateWebUrl('https://exa\nmple.com')).toMatch(/control characters/);
    expect(validateWebUrl('https://exa mple.com')).toMatch(/not a valid web address/);
  });

  it('uses the label it is given', () => {
    expect(validateWebUrl('ftp://x', 'The target URL')).toMatch(/^The target URL uses/);
  });
});

describe('validateCustomAlias', () => {
  it.each(['', '   ', 'abc', 'Spring_Sale-2030', 'a'.repeat(64)])('accepts %j', (alias) => {
    expect(validateCustomAlias(alias)).toBeNull();
  });

  it.each(['ab', 'a'.repeat(65)])('refuses the length of %s', (alias) => {
    expect(validateCustomAlias(alias)).toMatch(/3 to 64 characters long; this one has/);
  });

  it.each(['with space', 'dot.ted', 'slash/ed', 'émoji', 'a+b'])('refuses the characters of %j', (alias) => {
    expect(validateCustomAlias(alias)).toMatch(/only letters A-Z and a-z, digits/);
  });

  it.each(['api', 'API', 'admin', 'static', 'assets', 'health'])('refuses the reserved word %s', (alias) => {
    expect(validateCustomAlias(alias)).toMatch(/is reserved by the service/);
  });
});

describe('expiry', () => {
  it('parses and formats UTC date-times', () => {
    expect(parseExpiry('2030-12-31 23:59:00')).toBe(Date.UTC(2030, 11, 31, 23, 59, 0));
    expect(formatExpiry(Date.UTC(2031, 1, 3, 4, 5, 6))).toBe('2031-02-03 04:05:06');
    expect(parseExpiry('2030-02-30 10:00:00')).toBeNull();
    expect(parseExpiry('2030-12-31 24:00:00')).toBeNull();
    expect(parseExpiry('2030-12-31T10:00:00Z')).toBeNull();
  });

  it('accepts blank and future expiries', () => {
    expect(validateExpiry('', NOW)).toBeNull();
    expect(validateExpiry('2030-01-15 12:00:01', NOW)).toBeNull();
  });

  it('refuses the past and now, saying what time it is', () => {
    expect(validateExpiry('2030-01-15 12:00:00', NOW)).toMatch(/in the past \(it is now 2030-01-15 12:00:00 UTC\)/);
    expect(validateExpiry('2020-01-01 00:00:00', NOW)).toMatch(/in the past/);
  });

  it.each(['tomorrow', '2030-13-01 00:00:00', '2030-1-1 1:00:00', '31/12/2030'])('refuses %s as no date-time', (text) => {
    expect(validateExpiry(text, NOW)).toMatch(/YYYY-MM-DD HH:MM:SS \(UTC\)/);
  });
});

describe('validateMetaImage', () => {
  it.each(['', 'https://cdn.example.com/a.jpg', 'http://x.example/b.JPEG', 'https://x.example/c.png?v=2'])('accepts %j', (url) => {
    expect(validateMetaImage(url)).toBeNull();
  });

  it('refuses other images and other schemes', () => {
    expect(validateMetaImage('https://x.example/a.gif')).toMatch(/\.jpg, \.jpeg or \.png/);
    expect(validateMetaImage('https://x.example/png')).toMatch(/\.jpg, \.jpeg or \.png/);
    expect(validateMetaImage('ftp://x.example/a.png')).toMatch(/"ftp:" scheme/);
  });
});

describe('password', () => {
  it('allows up to the service limit', () => {
    expect(validateLinkPassword('')).toBeNull();
    expect(validateLinkPassword('x'.repeat(255))).toBeNull();
    expect(validateLinkPassword('x'.repeat(256))).toMatch(/256 characters long; keep it to 255/);
  });
});

describe('targeting keys', () => {
  it('devices: the service list, any case and spacing', () => {
    expect(validateDevice('iPhone')).toBeNull();
    expect(validateDevice('windows  phone')).toBeNull();
    expect(validateDevice('toaster')).toMatch(/Choose one of the devices: iphone, ipad/);
    expect(validateDevice('')).toBe('Choose a device.');
  });

  it('countries: ISO codes the runtime knows, or names', () => {
    expect(validateCountry('DE')).toBeNull();
    expect(validateCountry('us')).toBeNull();
    expect(validateCountry('Germany')).toBeNull();
    expect(validateCountry("Côte d'Ivoire")).toBeNull();
    expect(validateCountry('QQ')).toMatch(/not a country code/);
    expect(validateCountry('12')).toMatch(/not a country/);
    expect(validateCountry('')).toBe('Choose a country.');
    // A name no visitor can come from would be left out by the service without a word: refused here.
    expect(validateCountry('Narnia')).toMatch(/"Narnia" is not a country Linkdeck knows/);
    expect(validateCountry('usa')).toBeNull();
    expect(validateCountry('St Kitts & Nevis')).toBeNull();
  });

  it('languages: codes with optional subtags', () => {
    for (const tag of ['en', 'pt-BR', 'zh-Hant-TW', 'fil']) expect(validateLanguage(tag)).toBeNull();
    for (const tag of ['english', 'e', 'pt_BR', 'en-']) expect(validateLanguage(tag)).toMatch(/not a language code/);
    expect(validateLanguage(' ')).toBe('Choose a language.');
  });
});

describe('validateTargetRows', () => {
  it('reports each row at its own path', () => {
    const out = validateTargetRows('geoTarget', [
      { key: 'DE', link: 'https://example.de' },
      { key: '', link: 'javascript:x' },
      { key: 'de', link: 'https://example.de/2' },
    ]);
    expect(out).toEqual({
      'geoTarget.1.key': 'Choose a country.',
      'geoTarget.1.link': expect.stringContaining('"javascript:" scheme'),
      'geoTarget.2.key': 'This country already has a row; keep one row for it.',
    });
  });

  it('answers nothing for valid rows', () => {
    expect(validateTargetRows('deviceTarget', [{ key: 'android', link: 'https://play.example' }])).toEqual({});
    expect(validateTargetRows('languageTarget', [{ key: 'fr', link: 'https://example.fr' }, { key: 'pt-BR', link: 'https://example.com.br' }])).toEqual({});
  });

  it('limits the number of rows', () => {
    const rows = Array.from({ length: 51 }, () => ({ key: 'ipad', link: 'https://x.example' }));
    expect(validateTargetRows('deviceTarget', rows)['deviceTarget']).toBe('Keep to 50 rows; there are 51.');
    expect(validateParameters(Array.from({ length: 101 }, () => ({ name: 'a', value: '' })))['parameters']).toBe('Keep to 100 parameters; there are 101.');
  });

  it('requires the target URL', () => {
    expect(validateTargetRows('deviceTarget', [{ key: 'ipad', link: '' }])['deviceTarget.0.link']).toMatch(/The target URL is required/);
  });
});

describe('deep links and parameters', () => {
  it('checks both store links, each optional', () => {
    expect(validateDeepLinks(undefined)).toEqual({});
    expect(validateDeepLinks({ apple: 'https://apps.apple.com/app/id1', google: '' })).toEqual({});
    expect(validateDeepLinks({ apple: 'itms-apps://x', google: 'market://details?id=x' })).toEqual({
      'deepLink.apple': expect.stringContaining('The App Store link uses the "itms-apps:" scheme'),
      'deepLink.google': expect.stringContaining('The Google Play link uses the "market:" scheme'),
    });
  });

  it('requires parameter names, not values', () => {
    expect(validateParameters([{ name: 'ref', value: '' }])).toEqual({});
    expect(validateParameters([{ name: ' ', value: 'x' }])).toEqual({ 'parameters.0.name': "Enter the parameter's name, or remove the row." });
    expect(validateParameters([{ name: 'n'.repeat(201), value: 'v'.repeat(2001) }])).toEqual({
      'parameters.0.name': 'Keep the name to 200 characters.',
      'parameters.0.value': 'Keep the value to 2000 characters.',
    });
  });
});

describe('validateLinkInput', () => {
  it('is empty for a complete valid link', () => {
    expect(
      validateLinkInput(
        {
          url: 'https://example.com',
          custom: 'spring',
          password: 'secret',
          expiry: '2031-01-01 00:00:00',
          metaImage: 'https://example.com/a.png',
          metaTitle: 'T',
          geoTarget: [{ location: 'FR', link: 'https://example.fr' }],
          deviceTarget: [{ device: 'ipad', link: 'https://example.com/ipad' }],
          languageTarget: [{ language: 'de', link: 'https://example.de' }],
          deepLink: { apple: 'https://apps.apple.com/x', google: 'https://play.google.com/x', auto: true },
          parameters: [{ name: 'a', value: 'b' }],
        },
        { mode: 'create', now: NOW },
      ),
    ).toEqual({});
  });

  it('gathers every field at once', () => {
    const out = validateLinkInput(
      { url: 'file:///x', custom: 'api', expiry: '2000-01-01 00:00:00', metaImage: 'https://x.example/a.webp', metaTitle: 't'.repeat(256), geoTarget: [{ location: 'XX', link: 'https://x.example' }], parameters: [{ name: '', value: '' }] },
      { mode: 'create', now: NOW },
    );
    expect(Object.keys(out).sort()).toEqual(['custom', 'expiry', 'geoTarget.0.key', 'metaImage', 'metaTitle', 'parameters.0.name', 'url']);
  });

  it('does not judge an unchanged past expiry when editing', () => {
    const past = '2020-01-01 00:00:00';
    expect(validateLinkInput({ url: 'https://a.example', expiry: past }, { mode: 'edit', now: NOW, unchangedExpiry: past })).toEqual({});
    expect(validateLinkInput({ url: 'https://a.example', expiry: '2021-01-01 00:00:00' }, { mode: 'edit', now: NOW, unchangedExpiry: past })).toHaveProperty('expiry');
  });
});
