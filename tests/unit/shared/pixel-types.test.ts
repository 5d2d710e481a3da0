import { describe, expect, it } from 'vitest';
import {
  checkPixelTag,
  isPixelType,
  PIXEL_TYPES,
  pixelTypeInfo,
  pixelTypeInfos,
  type PixelType,
} from '../../../electron/shared/pixel-types.js';

describe('pixel types', () => {
  it('has the 13 literal values of the API, in its order', () => {
    expect(PIXEL_TYPES).toEqual([
      'gtmpixel',
      'gapixel',
      'fbpixel',
      'adwordspixel',
      'linkedinpixel',
      'twitterpixel',
      'adrollpixel',
      'quorapixel',
      'pinterest',
      'bing',
      'snapchat',
      'reddit',
      'tiktok',
    ]);
    expect(pixelTypeInfos().map((i) => i.type)).toEqual([...PIXEL_TYPES]);
  });

  it('gives every type a distinct readable name, a tag label, a hint and an example that is valid as it stands', () => {
    const names = new Set<string>();
    for (const type of PIXEL_TYPES) {
      const info = pixelTypeInfo(type);
      expect(info.name.length).toBeGreaterThan(2);
      expect(info.tagLabel.length).toBeGreaterThan(2);
      expect(info.hint).toMatch(/\.$/);
      expect(info.hint).toContain(info.example.split('/')[0] as string);
      expect(checkPixelTag(type, info.example)).toEqual({ ok: true, tag: info.example });
      names.add(info.name);
    }
    expect(names.size).toBe(13);
  });

  it('tells pixel types from anything else', () => {
    expect(isPixelType('gtmpixel')).toBe(true);
    expect(isPixelType('tiktok')).toBe(true);
    for (const value of ['GTMPIXEL', 'myspace', '', 'pinterestpixel', 3, null, undefined])
      expect(isPixelType(value)).toBe(false);
  });

  const valid: [PixelType, string, string][] = [
    ['gtmpixel', 'GTM-ABC1234', 'GTM-ABC1234'],
    ['gtmpixel', '  gtm-k9x2l7p ', 'GTM-K9X2L7P'],
    ['gapixel', 'G-ABC123DEF4', 'G-ABC123DEF4'],
    ['gapixel', 'g-9zq8w7e6r5', 'G-9ZQ8W7E6R5'],
    ['gapixel', 'UA-12345-1', 'UA-12345-1'],
    ['gapixel', 'ua-12345678-12', 'UA-12345678-12'],
    ['fbpixel', '1234567890123456', '1234567890123456'],
    ['adwordspixel', 'AW-123456789', 'AW-123456789'],
    ['adwordspixel', 'aw-123456789/AbC-D_efG12', 'AW-123456789/AbC-D_efG12'],
    ['adwordspixel', '123456789', 'AW-123456789'],
    ['linkedinpixel', '1234567', '1234567'],
    ['twitterpixel', 'o1a2b', 'o1a2b'],
    ['twitterpixel', 'NUZ7K3QW', 'NUZ7K3QW'],
    [
      'adrollpixel',
      'abcdefghij0123456789kl/MNOPQRSTUV0123456789WX',
      'ABCDEFGHIJ0123456789KL/MNOPQRSTUV0123456789WX',
    ],
    ['quorapixel', '0123456789ABCDEF0123456789abcdef', '0123456789abcdef0123456789abcdef'],
    ['pinterest', '2612345678901', '2612345678901'],
    ['bing', '12345678', '12345678'],
    ['snapchat', 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D', 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d'],
    ['reddit', 't2_abc123xy', 't2_abc123xy'],
    ['reddit', 'a2_Q8r7', 'a2_Q8r7'],
    ['tiktok', 'c1a2b3c4d5e6f7g8h9i0', 'C1A2B3C4D5E6F7G8H9I0'],
  ];
  it.each(valid)('accepts a %s tag %j and stores it as %j', (type, tag, canonical) => {
    expect(checkPixelTag(type, tag)).toEqual({ ok: true, tag: canonical });
  });

  const invalid: [PixelType, string][] = [
    ['gtmpixel', 'ABC1234'],
    ['gtmpixel', 'GTM-'],
    ['gtmpixel', 'GTM-ABC 123'],
    ['gapixel', 'G-'],
    ['gapixel', 'UA-12345'],
    ['gapixel', 'GA-12345-1'],
    ['fbpixel', '12345'],
    ['fbpixel', '12345678901234abc'],
    ['adwordspixel', 'AW-12'],
    ['adwordspixel', 'AW-123456789/bad label'],
    ['adwordspixel', 'GTM-ABC1234'],
    ['linkedinpixel', 'li-1234567'],
    ['twitterpixel', 'abc'],
    ['twitterpixel', 'o1a2b-c3'],
    ['adrollpixel', 'ABCDEFGHIJ0123456789KL'],
    ['adrollpixel', 'ABC/DEF'],
    ['quorapixel', '0123456789abcdef0123456789abcdeg'],
    ['quorapixel', '0123456789abcdef'],
    ['pinterest', 'pin-2612345678901'],
    ['bing', '12'],
    ['snapchat', 'a1b2c3d4e5f64a7b8c9d0e1f2a3b4c5d'],
    ['reddit', 't2'],
    ['reddit', 't2_abc def'],
    ['tiktok', 'C1A2B3'],
    ['tiktok', 'C1A2B3C4D5E6F7G8H9I0-'],
  ];
  it.each(invalid)('refuses a %s tag %j with the type’s hint', (type, tag) => {
    const result = checkPixelTag(type, tag);
    const info = pixelTypeInfo(type);
    expect(result).toEqual({
      ok: false,
      message: `That is not a valid ${info.name} ${info.tagLabel}. ${info.hint}`,
      key: 'validation.pixel.tagInvalid',
      params: { platform: info.name, label: info.tagLabelRef, hint: info.hintRef },
    });
  });

  it('asks for a tag when it is blank', () => {
    expect(checkPixelTag('bing', '   ')).toEqual({
      ok: false,
      message: expect.stringMatching(/^Enter the Microsoft Advertising \(Bing\) UET tag ID\./),
      key: 'validation.pixel.tagMissing',
      params: expect.objectContaining({ platform: 'Microsoft Advertising (Bing)' }),
    });
  });
});
