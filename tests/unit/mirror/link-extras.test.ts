import { describe, expect, it } from 'vitest';
import { readLinkExtras, readRedirect } from '../../../electron/backend/api/link-extras.js';
import { linkDetails } from '../../../electron/backend/api/shapes.js';

/*
 * The local link service sends a link's every stored field beside the spec's `details`; the
 * client keeps them (optional) so the mirror knows channel, campaign, status … A faithful
 * deployment sends none, and odd values are left out instead of failing the answer.
 */

const base = {
  error: 0,
  id: 5,
  details: {
    id: 5,
    shorturl: 'http://s.test/promo',
    longurl: 'https://example.com',
    title: 'Promo',
    description: '',
    location: {},
    device: {},
    expiry: null,
    date: '2026-01-01 10:00:00',
  },
  data: {
    clicks: 2,
    uniqueClicks: 1,
    topCountries: {},
    topReferrers: {},
    topBrowsers: {},
    topOs: {},
    socialCount: {},
  },
};

describe('link details extras', () => {
  it("reads the local service's extra fields", () => {
    const parsed = linkDetails.parse({
      ...base,
      details: {
        ...base.details,
        alias: 'promo',
        custom: true,
        domain: null,
        type: 'overlay-3',
        status: 'public',
        passwordProtected: false,
        metatitle: 'Meta',
        metadescription: 'Desc',
        metaimage: 'https://img.test/a.png',
        language: { 'pt-br': 'https://example.com/br' },
        deeplink: { apple: 'https://apps.apple.com/x', auto: false },
        pixels: [1, '2'],
        channel: 4,
        campaign: null,
        parameters: [{ name: 'utm', value: 'x' }],
        clicks: 2,
        updated: '2026-01-02 10:00:00',
      },
    });
    expect(parsed).toMatchObject({
      id: 5,
      custom: true,
      domain: null,
      redirect: { overlayId: 3 },
      status: 'public',
      passwordProtected: false,
      metaTitle: 'Meta',
      metaDescription: 'Desc',
      metaImage: 'https://img.test/a.png',
      language: { 'pt-br': 'https://example.com/br' },
      deepLink: { apple: 'https://apps.apple.com/x', auto: false },
      pixels: [1, 2],
      channel: 4,
      campaign: null,
      parameters: [{ name: 'utm', value: 'x' }],
      clicks: 2,
      updated: '2026-01-02 10:00:00',
    });
  });

  it('adds nothing for a faithful deployment', () => {
    const parsed = linkDetails.parse(base);
    expect(Object.keys(parsed).sort()).toEqual(
      [
        'alias',
        'date',
        'description',
        'device',
        'expiry',
        'id',
        'location',
        'longUrl',
        'shortUrl',
        'stats',
        'title',
      ].sort(),
    );
  });

  it('leaves out extras it cannot read instead of failing', () => {
    expect(
      readLinkExtras({
        status: 'secret',
        channel: 'abc',
        pixels: 'x',
        type: 'weird',
        deeplink: 3,
        clicks: -1,
      }),
    ).toEqual({});
    expect(readRedirect('3')).toEqual({ splashPageId: 3 });
    expect(readRedirect('FRAME')).toBe('frame');
  });
});
