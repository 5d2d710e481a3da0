import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../electron/service/errors.js';
import type { DroppedItem } from '../../../electron/service/links/dropped.js';
import { parseLinkInput, type LinkInput } from '../../../electron/service/links/link-input.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const URL_ = 'https://example.com/page';

const create = (body: Record<string, unknown>) =>
  parseLinkInput({ url: URL_, ...body }, 'create');
const update = (body: Record<string, unknown>) =>
  parseLinkInput({ url: URL_, ...body }, 'update');

/** Reads a create (or update) body that must be accepted; answers what was kept and dropped. */
function dropping(
  body: Record<string, unknown>,
  mode: 'create' | 'update' = 'create',
): { input: LinkInput; dropped: DroppedItem[] } {
  const dropped: DroppedItem[] = [];
  const input = parseLinkInput({ url: URL_, ...body }, mode, dropped);
  return { input, dropped };
}

function rejection(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) {
      expect(error.status).toBe(400);
      return error.message;
    }
    throw error;
  }
  throw new Error('expected a 400');
}

describe('link input: the body and the long URL', () => {
  it('requires a JSON object with a url', () => {
    for (const body of [undefined, null, 'x', 3, [], ['https://a.b']]) {
      expect(rejection(() => parseLinkInput(body, 'create'))).toMatch(/JSON object/);
    }
    expect(rejection(() => parseLinkInput({}, 'create'))).toMatch(/"url" is required/);
    expect(rejection(() => parseLinkInput({ url: '' }, 'update'))).toMatch(
      /"url" is required/,
    );
  });

  it('keeps only http and https, naming any other scheme', () => {
    expect(create({}).url).toBe(URL_);
    expect(parseLinkInput({ url: '  http://a.example/x  ' }, 'create').url).toBe(
      'http://a.example/x',
    );
    for (const [url, scheme] of [
      ['javascript:alert(1)', 'javascript:'],
      ['JavaScript:alert(1)', 'javascript:'],
      ['data:text/html,<script>alert(1)</script>', 'data:'],
      ['file:///etc/passwd', 'file:'],
      ['ftp://example.com/x', 'ftp:'],
      ['vbscript:msgbox', 'vbscript:'],
    ]) {
      expect(rejection(() => parseLinkInput({ url }, 'create'))).toContain(
        `"${scheme}" scheme`,
      );
    }
  });

  it('explains addresses without a scheme, broken ones, control characters and wrong types', () => {
    expect(rejection(() => parseLinkInput({ url: 'example.com/x' }, 'create'))).toMatch(
      /must start with http:\/\/ or https:\/\//,
    );
    expect(rejection(() => parseLinkInput({ url: 'localhost:8080/x' }, 'create'))).toMatch(
      /must start with http/,
    );
    expect(rejection(() => parseLinkInput({ url: 'http://' }, 'create'))).toMatch(
      /not a valid web address/,
    );
    expect(
      rejection(() => parseLinkInput({ url: 'https://exa\nmple.com' }, 'create')),
    ).toMatch(/control characters/);
    expect(rejection(() => parseLinkInput({ url: 42 }, 'create'))).toMatch(
      /"url" must be a string/,
    );
  });
});

describe('link input: fields', () => {
  it('reads every field of a full create body', () => {
    const input = create({
      custom: 'my-link',
      type: 'frame',
      password: 'pw',
      domain: 'https://go.example.com',
      expiry: '2026-02-01 10:00:00',
      geotarget: [
        { location: 'Germany', link: 'https://de.example.com' },
        { location: 'us', link: 'https://us.example.com' },
      ],
      devicetarget: [{ device: 'Windows Phone', link: 'https://wp.example.com' }],
      languagetarget: [{ language: 'pt-BR', link: 'https://br.example.com' }],
      metatitle: 'T',
      metadescription: 'D',
      metaimage: 'https://img.example.com/a.PNG?w=1',
      description: 'note',
      pixels: [3, '4', 3],
      channel: '7',
      campaign: 8,
      deeplink: {
        ios: 'https://apps.example.com/1',
        playstore: 'https://play.example.com/2',
        auto: true,
      },
      status: 'Public',
      parameters: [
        { name: 'utm_source', value: 'news' },
        { name: 'n', value: 5 },
      ],
      unknown: 'ignored',
    });
    expect(input).toEqual({
      url: URL_,
      custom: 'my-link',
      type: { kind: 'frame' },
      password: 'pw',
      domain: 'https://go.example.com',
      expiry: Date.UTC(2026, 1, 1, 10, 0, 0),
      geotarget: [
        { location: 'DE', link: 'https://de.example.com' },
        { location: 'US', link: 'https://us.example.com' },
      ],
      devicetarget: [{ device: 'windows phone', link: 'https://wp.example.com' }],
      languagetarget: [{ language: 'pt-br', link: 'https://br.example.com' }],
      metatitle: 'T',
      metadescription: 'D',
      metaimage: 'https://img.example.com/a.PNG?w=1',
      description: 'note',
      pixels: [3, 4],
      channel: 7,
      campaign: 8,
      deeplink: {
        apple: 'https://apps.example.com/1',
        google: 'https://play.example.com/2',
        auto: true,
      },
      status: 'public',
      parameters: [
        { name: 'utm_source', value: 'news' },
        { name: 'n', value: '5' },
      ],
    });
  });

  it('reads the redirect type forms: words, splash page ids and overlay ids', () => {
    expect(create({ type: 'Splash' }).type).toEqual({ kind: 'splash' });
    expect(create({ type: 12 }).type).toEqual({ kind: 'splash-page', id: 12 });
    expect(create({ type: '12' }).type).toEqual({ kind: 'splash-page', id: 12 });
    expect(create({ type: 'overlay-3' }).type).toEqual({ kind: 'overlay', id: 3 });
    expect(create({ type: '' }).type).toEqual({ kind: 'direct' });
    for (const type of ['popup', 'overlay-', 'overlay-x', 0, -1, 1.5, true, {}]) {
      expect(rejection(() => create({ type }))).toMatch(/"type" must be/);
    }
  });

  it('leaves absent fields undefined and turns empty ones into cleared values', () => {
    expect(update({})).toEqual({ url: URL_ });
    expect(
      update({
        password: '',
        domain: '',
        expiry: '',
        geotarget: [],
        devicetarget: '',
        languagetarget: null,
        metatitle: '',
        pixels: [],
        channel: '',
        campaign: 0,
        deeplink: {},
        parameters: [],
        custom: '',
      }),
    ).toEqual({
      url: URL_,
      password: null,
      domain: null,
      expiry: null,
      geotarget: [],
      devicetarget: [],
      languagetarget: [],
      metatitle: '',
      pixels: [],
      channel: null,
      campaign: null,
      deeplink: {},
      parameters: [],
    });
  });

  it('ignores the create-only fields on update (status, deeplink auto), and reads the note as real deployments do', () => {
    const input = update({
      description: 'n',
      status: 'public',
      deeplink: { apple: 'https://a.example/x', auto: true },
    });
    expect(input).toEqual({ url: URL_, description: 'n', deeplink: { apple: 'https://a.example/x' } });
  });

  it('checks the expiry format, and takes a past expiry (a link already expired) on create and update', () => {
    expect(rejection(() => create({ expiry: '31/12/2030' }))).toMatch(/YYYY-MM-DD HH:MM:SS/);
    expect(rejection(() => create({ expiry: '2030-02-30 10:00:00' }))).toMatch(
      /YYYY-MM-DD HH:MM:SS/,
    );
    expect(rejection(() => create({ expiry: 20301231 }))).toMatch(/"expiry" must be a string/);
    // The API documentation's own add-link example carries "2020-11-11 12:00:00".
    expect(create({ expiry: '2020-11-11 12:00:00' }).expiry).toBe(Date.UTC(2020, 10, 11, 12));
    expect(create({ expiry: '2099-01-15 11:59:59' }).expiry).toBeGreaterThan(NOW);
    expect(update({ expiry: '2020-01-01 00:00:00' }).expiry).toBe(Date.UTC(2020, 0, 1));
  });

  it('applies the web-URL rule to every target URL, leaving out the target that breaks it', () => {
    const good = 'https://example.com/good';
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'geotarget[0]',
        {
          geotarget: [
            { location: 'DE', link: 'javascript:alert(1)' },
            { location: 'FR', link: good },
          ],
        },
        /"geotarget\[0\]\.link" uses the "javascript:" scheme/,
      ],
      [
        'devicetarget[0]',
        {
          devicetarget: [
            { device: 'android', link: 'data:,x' },
            { device: 'iphone', link: good },
          ],
        },
        /"devicetarget\[0\]\.link" uses the "data:" scheme/,
      ],
      [
        'languagetarget[0]',
        {
          languagetarget: [
            { language: 'en', link: 'file:///x' },
            { language: 'fr', link: good },
          ],
        },
        /"languagetarget\[0\]\.link" uses the "file:" scheme/,
      ],
      [
        'deeplink.apple',
        { deeplink: { apple: 'javascript:x', google: good } },
        /"deeplink\.apple" uses the "javascript:" scheme/,
      ],
    ];
    for (const [field, body, reason] of cases) {
      const { input, dropped } = dropping(body);
      expect(dropped, field).toEqual([{ field, reason: expect.stringMatching(reason) }]);
      expect(dropped[0]?.reason, field).toMatch(new RegExp(`${field.replace(/[[\].]/g, '\\$&')} was left out\\.$`));
      expect(JSON.stringify(input), field).not.toMatch(/javascript:|data:|file:/);
    }
    expect(dropping(cases[0]![1]).input.geotarget).toEqual([{ location: 'FR', link: good }]);
    expect(dropping(cases[1]![1]).input.devicetarget).toEqual([{ device: 'iphone', link: good }]);
    expect(dropping(cases[2]![1]).input.languagetarget).toEqual([{ language: 'fr', link: good }]);
    expect(dropping(cases[3]![1]).input.deeplink).toEqual({ google: good });
    // The scalar URL fields are not lists: they keep their 400.
    expect(rejection(() => create({ metaimage: 'javascript:x.png' }))).toMatch(
      /"metaimage" uses the "javascript:" scheme/,
    );
  });

  it('wants a .jpg, .jpeg or .png metaimage judged by its path', () => {
    expect(create({ metaimage: 'https://img.example/a.jpeg' }).metaimage).toBe(
      'https://img.example/a.jpeg',
    );
    expect(rejection(() => create({ metaimage: 'https://img.example/a.gif' }))).toMatch(
      /\.jpg, \.jpeg or \.png/,
    );
    expect(rejection(() => create({ metaimage: 'https://img.example/a?f=.png' }))).toMatch(
      /\.jpg, \.jpeg or \.png/,
    );
  });

  it('leaves out each unusable entry of a target list, naming it, and keeps the others', () => {
    const ok = { link: URL_ };
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ geotarget: [{ location: 'Narnia', ...ok }] }, 'geotarget[0]', /"geotarget\[0\]\.location" \("Narnia"\) is not a country/],
      [{ geotarget: ['DE'] }, 'geotarget[0]', /geotarget\[0\] is not/],
      [{ devicetarget: [{ device: 'toaster', ...ok }] }, 'devicetarget[0]', /"devicetarget\[0\]\.device" must be one of "iphone"/],
      [{ languagetarget: [{ language: 'english!', ...ok }] }, 'languagetarget[0]', /"languagetarget\[0\]\.language" .* is not a language code/],
      [{ languagetarget: [{ language: 'en' }] }, 'languagetarget[0]', /"languagetarget\[0\]\.link" must be a string/],
      [{ parameters: [{ name: '', value: 'x' }] }, 'parameters[0]', /"parameters\[0\]\.name" must be a non-empty string/],
      [{ parameters: [{ name: 'a', value: {} }] }, 'parameters[0]', /"parameters\[0\]\.value" must be a string/],
      [{ parameters: [{ name: 'a', value: '\u0000' }] }, 'parameters[0]', /"parameters\[0\]\.value" contains a NUL character/],
      [{ parameters: [{ name: 'n'.repeat(201), value: 'x' }] }, 'parameters[0]', /longer than 200 characters/],
      [{ pixels: ['x'] }, 'pixels[0]', /"pixels\[0\]" must be a pixel id/],
      [{ pixels: [1.5] }, 'pixels[0]', /"pixels\[0\]" must be a pixel id/],
      [{ deeplink: { auto: 'yes' } }, 'deeplink.auto', /"deeplink\.auto" must be true or false/],
    ];
    for (const [body, field, reason] of cases) {
      const { dropped } = dropping(body);
      expect(dropped, JSON.stringify(body)).toEqual([{ field, reason: expect.stringMatching(reason) }]);
    }
    expect(dropping({ geotarget: [{ location: 'Narnia', ...ok }] }).input.geotarget).toEqual([]);
  });

  it("keeps the documentation's parameter and leaves out its targeting-shaped row", () => {
    const { input, dropped } = dropping({
      parameters: [
        { name: 'aff', value: '3' },
        { device: 'gtm_source', link: 'api' },
      ],
    });
    expect(input.parameters).toEqual([{ name: 'aff', value: '3' }]);
    expect(dropped).toEqual([
      { field: 'parameters[1]', reason: expect.stringMatching(/"parameters\[1\]\.name" must be a non-empty string/) },
    ]);
  });

  it('keeps the first usable row for a key: a second row for it is left out, a broken first one does not block it', () => {
    const { input, dropped } = dropping({
      geotarget: [
        { location: 'DE', link: 'javascript:x' },
        { location: 'Germany', link: 'https://example.com/de' },
        { location: 'DE', link: 'https://example.com/de-2' },
      ],
    });
    expect(input.geotarget).toEqual([{ location: 'DE', link: 'https://example.com/de' }]);
    expect(dropped.map((d) => d.field)).toEqual(['geotarget[0]', 'geotarget[2]']);
    expect(dropped[1]?.reason).toMatch(/names "DE" more than once/);
  });

  it('leaves out a structured field of the wrong type whole (on update the stored value stays), and reads indexed objects as lists', () => {
    for (const [body, field] of [
      [{ geotarget: 'DE' }, 'geotarget'],
      [{ devicetarget: { device: 'iphone', link: URL_ } }, 'devicetarget'],
      [{ languagetarget: 7 }, 'languagetarget'],
      [{ pixels: 3 }, 'pixels'],
      [{ parameters: 'aff=3' }, 'parameters'],
      [{ deeplink: 'https://x.example' }, 'deeplink'],
      [{ deeplink: ['https://x.example'] }, 'deeplink'],
    ] as const) {
      const { input, dropped } = dropping(body, 'update');
      expect(dropped, field).toEqual([{ field, reason: expect.stringContaining(`"${field}" must be`) }]);
      expect(input[field], field).toBeUndefined();
    }
    // PHP's json_encode writes an array with gaps as an object keyed by index.
    expect(
      dropping({ pixels: { '0': 4, '2': 9 }, parameters: { '1': { name: 'a', value: 'b' } } }).input,
    ).toMatchObject({ pixels: [4, 9], parameters: [{ name: 'a', value: 'b' }] });
    expect(dropping({ geotarget: {} }).input.geotarget).toEqual([]);
    // A published PHP client encodes the parameters itself, then the body: a string holding JSON.
    const twice = dropping({
      parameters: JSON.stringify([
        { name: 'aff', value: '3' },
        { device: 'gtm_source', link: 'api' },
      ]),
      deeplink: '{"apple": "https://apps.example/app"}',
    });
    expect(twice.input).toMatchObject({
      parameters: [{ name: 'aff', value: '3' }],
      deeplink: { apple: 'https://apps.example/app' },
    });
    expect(twice.dropped.map((d) => d.field)).toEqual(['parameters[1]']);
    expect(dropping({ parameters: '[not json' }).dropped.map((d) => d.field)).toEqual(['parameters']);
  });

  it('keeps the first entries of an over-long list and says how many were left out', () => {
    const { input, dropped } = dropping({ pixels: Array.from({ length: 103 }, (_, i) => i + 1) });
    expect(input.pixels).toHaveLength(100);
    expect(dropped).toEqual([
      { field: 'pixels[100]', reason: expect.stringMatching(/103 entries; the first 100 were kept and the 3 after them left out/) },
    ]);
  });

  it('takes the first usable store link among its spellings', () => {
    const { input, dropped } = dropping({
      deeplink: { apple: 'ftp://x', ios: 'https://apps.example/app', android: 'https://play.example/a' },
    });
    expect(input.deeplink).toEqual({ apple: 'https://apps.example/app', google: 'https://play.example/a' });
    expect(dropped.map((d) => d.field)).toEqual(['deeplink.apple']);
  });

  it('names the field of every type error of a scalar field', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ custom: 5 }, /"custom" must be a string/],
      [{ password: 1234 }, /"password" must be a string/],
      [{ domain: true }, /"domain" must be a string/],
      [{ metatitle: ['x'] }, /"metatitle" must be a string/],
      [{ metadescription: {} }, /"metadescription" must be a string/],
      [{ description: 1 }, /"description" must be a string/],
      [{ channel: 'abc' }, /"channel" must be a channel id/],
      [{ campaign: -2 }, /"campaign" must be a campaign id/],
      [{ campaign: true }, /"campaign" must be a campaign id/],
      [{ status: 'secret' }, /"status" must be "public" or "private"/],
      [{ status: 1 }, /"status" must be "public" or "private"/],
      [{ description: 'a\u0000b' }, /"description" contains a NUL character/],
      [
        { metatitle: 'x'.repeat(501) },
        /"metatitle" is 501 characters long; the most it may have is 500/,
      ],
    ];
    for (const [body, message] of cases)
      expect(
        rejection(() => create(body)),
        JSON.stringify(body),
      ).toMatch(message);
  });

  it('checks custom aliases', () => {
    expect(create({ custom: ' spaced ' }).custom).toBe('spaced');
    expect(rejection(() => create({ custom: 'a b' }))).toMatch(/only letters/);
    expect(rejection(() => create({ custom: 'api' }))).toMatch(/reserved/);
  });
});
