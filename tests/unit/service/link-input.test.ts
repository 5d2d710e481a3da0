import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../electron/service/errors.js';
import { parseLinkInput } from '../../../electron/service/links/link-input.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const URL_ = 'https://example.com/page';

const create = (body: Record<string, unknown>) =>
  parseLinkInput({ url: URL_, ...body }, 'create', NOW);
const update = (body: Record<string, unknown>) =>
  parseLinkInput({ url: URL_, ...body }, 'update', NOW);

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
      expect(rejection(() => parseLinkInput(body, 'create', NOW))).toMatch(/JSON object/);
    }
    expect(rejection(() => parseLinkInput({}, 'create', NOW))).toMatch(/"url" is required/);
    expect(rejection(() => parseLinkInput({ url: '' }, 'update', NOW))).toMatch(
      /"url" is required/,
    );
  });

  it('keeps only http and https, naming any other scheme', () => {
    expect(create({}).url).toBe(URL_);
    expect(parseLinkInput({ url: '  http://a.example/x  ' }, 'create', NOW).url).toBe(
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
      expect(rejection(() => parseLinkInput({ url }, 'create', NOW))).toContain(
        `"${scheme}" scheme`,
      );
    }
  });

  it('explains addresses without a scheme, broken ones, control characters and wrong types', () => {
    expect(rejection(() => parseLinkInput({ url: 'example.com/x' }, 'create', NOW))).toMatch(
      /must start with http:\/\/ or https:\/\//,
    );
    expect(rejection(() => parseLinkInput({ url: 'localhost:8080/x' }, 'create', NOW))).toMatch(
      /must start with http/,
    );
    expect(rejection(() => parseLinkInput({ url: 'http://' }, 'create', NOW))).toMatch(
      /not a valid web address/,
    );
    expect(
      rejection(() => parseLinkInput({ url: 'https://exa\nmple.com' }, 'create', NOW)),
    ).toMatch(/control characters/);
    expect(rejection(() => parseLinkInput({ url: 42 }, 'create', NOW))).toMatch(
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

  it('checks the expiry format, and refuses a past expiry on create only', () => {
    expect(rejection(() => create({ expiry: '31/12/2030' }))).toMatch(/YYYY-MM-DD HH:MM:SS/);
    expect(rejection(() => create({ expiry: '2030-02-30 10:00:00' }))).toMatch(
      /YYYY-MM-DD HH:MM:SS/,
    );
    expect(rejection(() => create({ expiry: 20301231 }))).toMatch(/"expiry" must be a string/);
    expect(rejection(() => create({ expiry: '2026-01-15 11:59:59' }))).toMatch(/in the past/);
    expect(update({ expiry: '2020-01-01 00:00:00' }).expiry).toBe(Date.UTC(2020, 0, 1));
  });

  it('applies the web-URL rule to every target URL', () => {
    expect(
      rejection(() => create({ geotarget: [{ location: 'DE', link: 'javascript:alert(1)' }] })),
    ).toMatch(/"geotarget\[0\]\.link" uses the "javascript:" scheme/);
    expect(
      rejection(() => create({ devicetarget: [{ device: 'android', link: 'data:,x' }] })),
    ).toMatch(/"devicetarget\[0\]\.link" uses the "data:" scheme/);
    expect(
      rejection(() => create({ languagetarget: [{ language: 'en', link: 'file:///x' }] })),
    ).toMatch(/"languagetarget\[0\]\.link" uses the "file:" scheme/);
    expect(rejection(() => create({ deeplink: { apple: 'javascript:x' } }))).toMatch(
      /"deeplink\.apple" uses the "javascript:" scheme/,
    );
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

  it('names the bad entry of target lists', () => {
    expect(rejection(() => create({ geotarget: [{ location: 'Narnia', link: URL_ }] }))).toMatch(
      /"geotarget\[0\]\.location" \("Narnia"\) is not a country/,
    );
    expect(
      rejection(() =>
        create({
          geotarget: [
            { location: 'DE', link: URL_ },
            { location: 'Germany', link: URL_ },
          ],
        }),
      ),
    ).toMatch(/more than once/);
    expect(rejection(() => create({ geotarget: 'DE' }))).toMatch(/"geotarget" must be an array/);
    expect(rejection(() => create({ geotarget: ['DE'] }))).toMatch(/geotarget\[0\] is not/);
    expect(rejection(() => create({ devicetarget: [{ device: 'toaster', link: URL_ }] }))).toMatch(
      /"devicetarget\[0\]\.device" must be one of "iphone"/,
    );
    expect(
      rejection(() => create({ languagetarget: [{ language: 'english!', link: URL_ }] })),
    ).toMatch(/"languagetarget\[0\]\.language" .* is not a language code/);
    expect(rejection(() => create({ languagetarget: [{ language: 'en' }] }))).toMatch(
      /"languagetarget\[0\]\.link" must be a string/,
    );
    expect(rejection(() => create({ parameters: [{ name: '', value: 'x' }] }))).toMatch(
      /"parameters\[0\]\.name" must be a non-empty string/,
    );
    expect(rejection(() => create({ parameters: [{ name: 'a', value: {} }] }))).toMatch(
      /"parameters\[0\]\.value" must be a string/,
    );
  });

  it('names the field of every type error', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ custom: 5 }, /"custom" must be a string/],
      [{ password: 1234 }, /"password" must be a string/],
      [{ domain: true }, /"domain" must be a string/],
      [{ metatitle: ['x'] }, /"metatitle" must be a string/],
      [{ metadescription: {} }, /"metadescription" must be a string/],
      [{ description: 1 }, /"description" must be a string/],
      [{ pixels: 3 }, /"pixels" must be an array/],
      [{ pixels: ['x'] }, /"pixels\[0\]" must be a pixel id/],
      [{ pixels: [1.5] }, /"pixels\[0\]" must be a pixel id/],
      [{ channel: 'abc' }, /"channel" must be a channel id/],
      [{ campaign: -2 }, /"campaign" must be a campaign id/],
      [{ campaign: true }, /"campaign" must be a campaign id/],
      [{ deeplink: 'https://x.example' }, /"deeplink" must be an object/],
      [{ deeplink: { auto: 'yes' } }, /"deeplink\.auto" must be true or false/],
      [{ status: 'secret' }, /"status" must be "public" or "private"/],
      [{ status: 1 }, /"status" must be "public" or "private"/],
      [{ description: 'a\u0000b' }, /"description" contains a NUL character/],
      [
        { parameters: [{ name: 'a', value: '\u0000' }] },
        /"parameters\[0\]\.value" contains a NUL character/,
      ],
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
