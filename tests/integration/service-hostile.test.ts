import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/service/db.js';
import { openFixtures } from '../support/service-fixtures.js';
import { startTestService, type ApiAnswer, type TestService } from '../support/service.js';

/*
 * Hostile input in every text field of every endpoint: each value is either stored and answered
 * back exactly as sent, or refused with a 400 that says why — or, in an item of a link's optional
 * structured fields (targeting, parameters, deep links), left out with the item named in the
 * answer's `dropped` list. Never a 5xx, never a silently changed value, never a header line the
 * caller wrote. And only web addresses in URL fields.
 */

type Json = Record<string, unknown>;

const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ['script tag', '<script>alert(1)</script>'],
  ['SQL injection', `"'; DROP TABLE links; --`],
  ['bidi override', 'invoice\u202egpj.exe'],
  ['emoji and astral characters', '😀 👩‍👩‍👧 𝕳𝖊𝖑𝖑𝖔 🇩🇪 \u{10FFFF}'],
  ['percent-encoded NUL', '%00'],
  ['CRLF injection', 'a\r\nSet-Cookie: x=y'],
  ['JSON-looking', '{"error":0,"id":1,"message":"ok"}'],
  ['JSON array-looking', '[null, true, {"a": "b"}]'],
  ['HTML entities', '&lt;b&gt; &amp; &#x3C;'],
  ['quotes and backslashes', `\\" \\\\ ' \` \\u0000`],
  ['zero-width and combining', 'e\u0301\u200b\u200d\ufeffx'],
  ['control characters', 'a\u0001\u0007\u001b[31mb\u007f'],
  ['template syntax', '${7*7} {{7*7}} <%= 7*7 %> #{7*7}'],
  ['path traversal', '../../../etc/passwd'],
  ['NUL character', 'a\u0000b'],
  ['lone high surrogate', 'x\ud800y'],
  ['lone low surrogate', '\udc00'],
  ['only spaces', '   '],
];

/** Same text, as long as a field allows: made of astral characters so length counts stay honest. */
const longText = (length: number) => {
  const unit = 'ab😀<>&"\'';
  return unit
    .repeat(Math.ceil(length / unit.length))
    .slice(0, length)
    .replace(/[\ud800-\udbff]$/, 'c');
};

interface Sent {
  answer: ApiAnswer;
  /** Where the service shows the stored value again (read after a success). */
  readBack?: () => Promise<unknown[]>;
}

interface TextField {
  name: string;
  /** The service's documented maximum length, where it has one. */
  max?: number;
  /** How a hostile text becomes this field's value (an email keeps it in its local part). */
  wrap?: (text: string) => string;
  /** What the service documents showing for a value, where that is not the value itself. */
  shows?: (value: string) => unknown;
  /** An item of an optional structured field: an unusable one is left out, not refused. */
  item?: string;
  send(value: string): Promise<Sent>;
}

/** The answer's `dropped` list names the item; nothing of it was stored. */
async function expectLeftOut(sent: Sent, item: string, where: string): Promise<void> {
  expect(sent.answer.json['dropped'], where).toEqual([
    { field: item, reason: expect.stringContaining(`${item} was left out`) },
  ]);
  if (sent.readBack) expect(await sent.readBack(), where).toEqual([]);
}

describe('local service: hostile strings', () => {
  let s: TestService;
  let accountKey: string;
  const answers: ApiAnswer[] = [];

  /** Every call of this file goes through here, so every answer's headers get checked. */
  const api = async <T = Json>(
    method: string,
    path: string,
    body?: unknown,
    opts: { key?: string; headers?: Record<string, string> } = {},
  ) => {
    const answer = await s.api<T>(method, path, body, opts);
    answers.push(answer as ApiAnswer);
    return answer;
  };
  const json = async (method: string, path: string, body?: unknown, key?: string) =>
    api(method, path, body, key ? { key } : {});
  const details = async (id: unknown) => {
    const r = await api<{ details: Json }>('GET', `/api/url/${String(id)}`);
    expect(r.status, r.text).toBe(200);
    return r.json.details;
  };
  const newLink = async (extra: Json = {}) => {
    const r = await json('POST', '/api/url/add', { url: 'https://example.com/base', ...extra });
    expect(r.status, r.text).toBe(200);
    return r.json['id'] as number;
  };
  const listItem = async (path: string, collection: string, id: unknown) => {
    const r = await api<{ data: Record<string, Json[]> }>('GET', `${path}?limit=100`);
    return (r.json.data[collection] ?? []).find((item) => item['id'] === id) ?? {};
  };

  beforeAll(async () => {
    s = await startTestService();
    const fx = await openFixtures(s);
    accountKey = (await fx.addUser('account-target@example.com')).key;
    fx.close();
  });
  afterAll(() => s?.close());

  // ---------------------------------------------------------------------------------------------
  // The text fields

  const linkAdd = (field: string, read: (d: Json) => unknown[], max?: number): TextField => ({
    name: `url/add ${field}`,
    ...(max ? { max } : {}),
    async send(value) {
      const answer = await json('POST', '/api/url/add', {
        url: 'https://example.com/t',
        [field]: value,
      });
      return { answer, readBack: async () => read(await details(answer.json['id'])) };
    },
  });
  const linkUpdate = (field: string, read: (d: Json) => unknown[], max?: number): TextField => ({
    name: `url/update ${field}`,
    ...(max ? { max } : {}),
    async send(value) {
      const id = await newLink();
      const answer = await json('PUT', `/api/url/${id}/update`, {
        url: 'https://example.com/t',
        [field]: value,
      });
      return { answer, readBack: async () => read(await details(id)) };
    },
  });
  const linkEntry = (
    field: string,
    entry: (value: string) => unknown,
    read: (d: Json) => unknown[],
    mode: 'add' | 'update' = 'add',
  ): TextField => ({
    name: `url/${mode} ${field}`,
    item: field.split('.')[0] as string,
    async send(value) {
      const body = { url: 'https://example.com/t', [field.split('[')[0] as string]: entry(value) };
      if (mode === 'add') {
        const answer = await json('POST', '/api/url/add', body);
        return { answer, readBack: async () => read(await details(answer.json['id'])) };
      }
      const id = await newLink();
      const answer = await json('PUT', `/api/url/${id}/update`, body);
      return { answer, readBack: async () => read(await details(id)) };
    },
  });
  const meta = (key: string) => (d: Json) => [d[key]];
  const parameter = (d: Json) =>
    (d['parameters'] as Json[]).flatMap((p) => [p['name'], p['value']]).slice(0, 1);
  const parameterValue = (d: Json) => (d['parameters'] as Json[]).slice(0, 1).map((p) => p['value']);

  const TEXT_FIELDS: TextField[] = [
    linkAdd(
      'metatitle',
      (d) => [d['metatitle'], ...(String(d['metatitle']).trim() ? [d['title']] : [])],
      500,
    ),
    linkUpdate('metatitle', meta('metatitle'), 500),
    linkAdd('metadescription', meta('metadescription'), 2000),
    linkUpdate('metadescription', meta('metadescription'), 2000),
    linkAdd('description', meta('description'), 10_000),
    linkEntry('parameters[0].name', (v) => [{ name: v, value: 'x' }], parameter),
    linkEntry('parameters[0].value', (v) => [{ name: 'utm_source', value: v }], parameterValue),
    linkEntry(
      'parameters[0].value',
      (v) => [{ name: 'utm_source', value: v }],
      parameterValue,
      'update',
    ),
    // Structured fields: none of the hostile texts is a valid value, so each must be refused.
    linkAdd('custom', meta('alias')),
    // Leaving the domain blank means the service's own address (details.domain null).
    { ...linkAdd('domain', meta('domain')), shows: (v) => (v.trim() === '' ? null : v) },
    linkAdd('expiry', meta('expiry')),
    linkAdd('status', meta('status')),
    linkAdd('type', meta('type')),
    linkEntry(
      'geotarget[0].location',
      (v) => [{ location: v, link: 'https://example.com/geo' }],
      (d) => Object.keys(d['location'] as Json),
    ),
    linkEntry(
      'devicetarget[0].device',
      (v) => [{ device: v, link: 'https://example.com/dev' }],
      (d) => Object.keys(d['device'] as Json),
    ),
    linkEntry(
      'languagetarget[0].language',
      (v) => [{ language: v, link: 'https://example.com/lang' }],
      (d) => Object.keys(d['language'] as Json),
    ),
    {
      name: 'url/add password',
      max: 1024,
      async send(value) {
        const answer = await json('POST', '/api/url/add', {
          url: 'https://example.com/locked',
          password: value,
        });
        // A password is never shown: read back means "this exact password opens the link".
        return {
          answer,
          readBack: async () => {
            const d = await details(answer.json['id']);
            if (value === '') return [d['passwordProtected'] === false ? value : 'protected'];
            const open = await fetch(String(d['shorturl']), {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ password: value }),
              redirect: 'manual',
            });
            const wrong = await fetch(String(d['shorturl']), {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ password: `${value}x` }),
              redirect: 'manual',
            });
            return [
              open.status === 302 &&
              open.headers.get('location') === 'https://example.com/locked' &&
              wrong.status !== 302
                ? value
                : 'did not open',
            ];
          },
        };
      },
    },
    {
      name: 'channel/add name',
      max: 255,
      async send(value) {
        const answer = await json('POST', '/api/channel/add', { name: value });
        return {
          answer,
          readBack: async () => [
            answer.json['name'],
            (await listItem('/api/channels', 'channels', answer.json['id']))['name'],
          ],
        };
      },
    },
    {
      name: 'channel/add description',
      max: 2000,
      async send(value) {
        const answer = await json('POST', '/api/channel/add', {
          name: 'Described',
          description: value,
        });
        return {
          answer,
          readBack: async () => [
            answer.json['description'],
            (await listItem('/api/channels', 'channels', answer.json['id']))['description'],
          ],
        };
      },
    },
    {
      name: 'channel/update name and description',
      max: 255,
      async send(value) {
        const id = (await json('POST', '/api/channel/add', { name: 'Before' })).json['id'];
        const answer = await json('PUT', `/api/channel/${id}/update`, {
          name: value,
          description: value,
        });
        return {
          answer,
          readBack: async () => {
            const item = await listItem('/api/channels', 'channels', id);
            return [item['name'], item['description']];
          },
        };
      },
    },
    {
      name: 'channel/add color',
      async send(value) {
        const answer = await json('POST', '/api/channel/add', { name: 'Coloured', color: value });
        return {
          answer,
          readBack: async () => [
            (await listItem('/api/channels', 'channels', answer.json['id']))['color'],
          ],
        };
      },
    },
    {
      name: 'campaign/add name',
      max: 255,
      async send(value) {
        const answer = await json('POST', '/api/campaign/add', { name: value });
        return {
          answer,
          readBack: async () => [
            answer.json['domain'],
            (await listItem('/api/campaigns', 'campaigns', answer.json['id']))['name'],
          ],
        };
      },
    },
    {
      name: 'campaign/update name',
      max: 255,
      async send(value) {
        const id = (await json('POST', '/api/campaign/add', { name: 'Before' })).json['id'];
        const answer = await json('PUT', `/api/campaign/${id}/update`, { name: value });
        return {
          answer,
          readBack: async () => [
            answer.json['domain'],
            (await listItem('/api/campaigns', 'campaigns', id))['name'],
          ],
        };
      },
    },
    {
      name: 'campaign/add slug',
      async send(value) {
        const answer = await json('POST', '/api/campaign/add', { name: 'Slugged', slug: value });
        return { answer, readBack: async () => [String(answer.json['rotator']).split('/r/')[1]] };
      },
    },
    {
      name: 'pixel/add name',
      max: 255,
      async send(value) {
        const answer = await json('POST', '/api/pixel/add', {
          type: 'fbpixel',
          name: value,
          tag: '123456789012345',
        });
        return {
          answer,
          readBack: async () => [
            answer.json['name'],
            (await listItem('/api/pixels', 'pixels', answer.json['id']))['name'],
          ],
        };
      },
    },
    {
      name: 'pixel/add tag',
      async send(value) {
        const answer = await json('POST', '/api/pixel/add', {
          type: 'reddit',
          name: 'Tagged',
          tag: value,
        });
        return {
          answer,
          readBack: async () => [
            (await listItem('/api/pixels', 'pixels', answer.json['id']))['tag'],
          ],
        };
      },
    },
    {
      name: 'pixel/add type',
      async send(value) {
        const answer = await json('POST', '/api/pixel/add', {
          type: value,
          name: 'Typed',
          tag: '123456789012345',
        });
        return {
          answer,
          readBack: async () => [
            (await listItem('/api/pixels', 'pixels', answer.json['id']))['type'],
          ],
        };
      },
    },
    {
      name: 'domain/add domain',
      async send(value) {
        const answer = await json('POST', '/api/domain/add', { domain: value });
        return {
          answer,
          readBack: async () => [
            (await listItem('/api/domains', 'domains', answer.json['id']))['domain'],
          ],
        };
      },
    },
    {
      name: 'account/update email',
      wrap: (text) => `${text}@example.com`,
      async send(value) {
        const answer = await json('PUT', '/api/account/update', { email: value }, accountKey);
        return {
          answer,
          readBack: async () => [
            ((await json('GET', '/api/account', undefined, accountKey)).json['data'] as Json)[
              'email'
            ],
          ],
        };
      },
    },
    {
      name: 'account/update password',
      async send(value) {
        // Not readable through the API; what matters is a 200 or a clear 400.
        return {
          answer: await json('PUT', '/api/account/update', { password: value }, accountKey),
        };
      },
    },
  ];

  const expectStoredOrRefused = async (field: TextField, value: string, label: string) => {
    const sent = await field.send(value);
    const { answer, readBack } = sent;
    const where = `${field.name} = ${label} ${JSON.stringify(value.slice(0, 60))}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`;
    expect(answer.status, where).toBeLessThan(500);
    if (answer.status === 400) {
      expect(field.item, `${where}: an item of an optional list is left out, not refused`).toBeUndefined();
      expect(answer.json, where).toEqual({ error: 1, message: expect.any(String) });
      expect((answer.json['message'] as string).length, where).toBeGreaterThan(15);
      return 'refused';
    }
    expect(answer.status, where).toBe(200);
    if (field.item !== undefined && answer.json['dropped'] !== undefined) {
      await expectLeftOut(sent, field.item, where);
      return 'left out';
    }
    const expected = field.shows ? field.shows(value) : value;
    if (readBack)
      for (const shown of await readBack())
        expect(shown, `${where}: answered back changed`).toBe(expected);
    return 'stored';
  };

  describe.each(TEXT_FIELDS.map((f) => [f.name, f] as const))('%s', (_name, field) => {
    it.each(HOSTILE)('keeps %s verbatim or refuses it with a clear 400', async (label, text) => {
      await expectStoredOrRefused(field, field.wrap ? field.wrap(text) : text, label);
    });

    if (field.max !== undefined) {
      const max = field.max;
      it(`stores a ${max}-character text of mixed characters verbatim, refuses ${max + 1} and a 10,000-character one unless allowed`, async () => {
        const wrap = field.wrap ?? ((t: string) => t);
        expect(await expectStoredOrRefused(field, wrap(longText(max)), `${max} characters`)).toBe(
          'stored',
        );
        const over = await field.send(wrap(longText(max + 1)));
        expect(over.answer.status, over.answer.text).toBe(400);
        expect(over.answer.json['message']).toMatch(new RegExp(`${max}`));
        const tenK = await expectStoredOrRefused(
          field,
          wrap(longText(10_000)),
          '10,000 characters',
        );
        expect(tenK).toBe(max >= 10_000 ? 'stored' : 'refused');
      });
    }
  });

  it('keeps hostile text in the search parameters harmless', async () => {
    await newLink({ metatitle: '<script>alert(1)</script>' });
    for (const [label, text] of HOSTILE) {
      for (const name of ['q', 'short']) {
        const r = await api(
          'GET',
          `/api/urls?${name}=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'))}`,
        );
        expect([200, 400, 404], `${name} = ${label}: ${r.text}`).toContain(r.status);
        expect(r.json['error'], label).toBe(r.status === 200 ? 0 : 1);
      }
    }
    const found = await api<{ data: { urls: Json[] } }>(
      'GET',
      `/api/urls?q=${encodeURIComponent('<script>')}`,
    );
    expect(found.json.data.urls.map((u) => u['title'])).toContain('<script>alert(1)</script>');
  });

  // ---------------------------------------------------------------------------------------------
  // URL fields

  interface UrlField {
    name: string;
    /** An item of an optional structured field (a target, a store link): left out, not refused. */
    item?: string;
    /** Sends the URL; answers the answer and what the service shows for it afterwards. */
    send(url: string): Promise<Sent>;
  }

  const linkUrlField = (
    name: string,
    body: (url: string) => Json,
    read: (d: Json) => unknown[],
    mode: 'add' | 'update' = 'add',
  ): UrlField => ({
    name: `url/${mode} ${name}`,
    ...(/[[.]/.test(name) ? { item: name.replace(/\.link$/, '') } : {}),
    async send(url) {
      if (mode === 'add') {
        const answer = await json('POST', '/api/url/add', {
          url: 'https://example.com/t',
          ...body(url),
        });
        return { answer, readBack: async () => read(await details(answer.json['id'])) };
      }
      const id = await newLink();
      const answer = await json('PUT', `/api/url/${id}/update`, {
        url: 'https://example.com/t',
        ...body(url),
      });
      return { answer, readBack: async () => read(await details(id)) };
    },
  });
  let domainSeq = 0;
  const domainField = (
    field: 'redirectroot' | 'redirect404',
    mode: 'add' | 'update',
  ): UrlField => ({
    name: `domain/${mode} ${field}`,
    async send(url) {
      const domain = `https://d${++domainSeq}.hostile.example`;
      if (mode === 'add') {
        const answer = await json('POST', '/api/domain/add', { domain, [field]: url });
        return {
          answer,
          readBack: async () => [
            (await listItem('/api/domains', 'domains', answer.json['id']))[field],
          ],
        };
      }
      const id = (await json('POST', '/api/domain/add', { domain })).json['id'];
      const answer = await json('PUT', `/api/domain/${id}/update`, { [field]: url });
      return {
        answer,
        readBack: async () => [(await listItem('/api/domains', 'domains', id))[field]],
      };
    },
  });

  const URL_FIELDS: UrlField[] = [
    linkUrlField(
      'url',
      (url) => ({ url }),
      (d) => [d['longurl']],
    ),
    linkUrlField(
      'url',
      (url) => ({ url }),
      (d) => [d['longurl']],
      'update',
    ),
    linkUrlField(
      'geotarget[0].link',
      (url) => ({ geotarget: [{ location: 'DE', link: url }] }),
      (d) => Object.values(d['location'] as Json),
    ),
    linkUrlField(
      'devicetarget[0].link',
      (url) => ({ devicetarget: [{ device: 'iphone', link: url }] }),
      (d) => Object.values(d['device'] as Json),
    ),
    linkUrlField(
      'languagetarget[0].link',
      (url) => ({ languagetarget: [{ language: 'fr', link: url }] }),
      (d) => Object.values(d['language'] as Json),
    ),
    linkUrlField(
      'geotarget[0].link',
      (url) => ({ geotarget: [{ location: 'DE', link: url }] }),
      (d) => Object.values(d['location'] as Json),
      'update',
    ),
    linkUrlField(
      'deeplink.apple',
      (url) => ({ deeplink: { apple: url } }),
      (d) => [(d['deeplink'] as Json)['apple']].filter((v) => v !== undefined),
    ),
    linkUrlField(
      'deeplink.google',
      (url) => ({ deeplink: { google: url } }),
      (d) => [(d['deeplink'] as Json)['google']].filter((v) => v !== undefined),
    ),
    linkUrlField(
      'deeplink.apple',
      (url) => ({ deeplink: { apple: url } }),
      (d) => [(d['deeplink'] as Json)['apple']].filter((v) => v !== undefined),
      'update',
    ),
    linkUrlField(
      'metaimage',
      (url) => ({ metaimage: url }),
      (d) => [d['metaimage']],
    ),
    linkUrlField(
      'metaimage',
      (url) => ({ metaimage: url }),
      (d) => [d['metaimage']],
      'update',
    ),
    domainField('redirectroot', 'add'),
    domainField('redirect404', 'add'),
    domainField('redirectroot', 'update'),
    domainField('redirect404', 'update'),
  ];

  const DANGEROUS_URLS = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    ' \t JaVaScRiPt:alert(1)',
    '\njavascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript://example.com/%0Aalert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ' DATA:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'FILE://localhost/c:/windows/win.ini',
    'vbscript:msgbox(1)',
    '\t VBScript:msgbox(1)',
    'http:/\\evil.example',
    'https:\\\\evil.example',
    'http:\\/evil.example',
    'https:/\\/evil.example',
    'http:evil.example',
    'https:///evil.example',
    '//evil.example',
    '\\\\evil.example',
    'http://evil.example\\@good.example',
    'https://good.example\\.evil.example',
  ];

  // A meta image must also end in .jpg or .png: give every dangerous URL that ending, so only its scheme or form is at fault.
  const asImage = (field: UrlField, url: string) =>
    field.name.endsWith('metaimage') ? `${url}/a.png` : url;

  describe.each(URL_FIELDS.map((f) => [f.name, f] as const))('%s', (_name, field) => {
    const item = field.item;
    const fieldName = field.name.split(' ')[1] as string;
    if (item === undefined) {
      it.each(DANGEROUS_URLS)('refuses %j with a 400 naming the field', async (bad) => {
        const url = asImage(field, bad);
        const { answer } = await field.send(url);
        expect(answer.status, `${JSON.stringify(url)} → ${answer.text}`).toBe(400);
        expect(answer.json).toEqual({ error: 1, message: expect.stringContaining(`"${fieldName}"`) });
      });
    } else {
      it.each(DANGEROUS_URLS)('leaves %j out, naming the field in the answer', async (bad) => {
        const sent = await field.send(bad);
        const where = `${JSON.stringify(bad)} → ${sent.answer.text}`;
        expect(sent.answer.status, where).toBe(200);
        await expectLeftOut(sent, item, where);
        expect((sent.answer.json['dropped'] as Json[])[0]?.['reason'], where).toContain(`"${fieldName}"`);
      });
    }

    it('keeps a web address carrying hostile text verbatim, or refuses it with a 400', async () => {
      for (const [label, text] of HOSTILE) {
        const url = asImage(field, `https://example.com/p/${text}?q=${text}`);
        const { answer, readBack } = await field.send(url);
        const where = `${label}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(field.item === undefined ? [200, 400] : [200], where).toContain(answer.status);
        if (answer.json['dropped'] !== undefined) {
          await expectLeftOut({ answer, readBack }, field.item ?? 'a list item', where);
          continue;
        }
        // Addresses are stored without surrounding spaces, which the URL standard ignores anyway.
        if (answer.status === 200 && readBack)
          for (const shown of await readBack()) expect(shown, where).toBe(url.trim());
      }
    });
  });

  it('refuses dangerous addresses as a branded domain', async () => {
    for (const bad of DANGEROUS_URLS) {
      const r = await json('POST', '/api/domain/add', { domain: bad });
      expect(r.status, `${JSON.stringify(bad)} → ${r.text}`).toBe(400);
      expect(r.json['message']).toMatch(/"domain"/);
    }
  });

  it('redirects short links whose targets carry hostile text without a header line of their own', async () => {
    for (const [label, text] of HOSTILE) {
      const url = `https://example.com/p/${text}?q=${text}`;
      const r = await json('POST', '/api/url/add', {
        url,
        parameters: [{ name: 'p', value: text }],
      });
      if (r.status !== 200) continue;
      const visit = await fetch(String(r.json['shorturl']), { redirect: 'manual' });
      await visit.arrayBuffer();
      expect(visit.status, label).toBe(302);
      expect(visit.headers.get('set-cookie'), label).toBeNull();
      expect(new URL(visit.headers.get('location') as string).host, label).toBe('example.com');
    }
  });

  it("redirects a branded domain's root and unknown paths to targets carrying hostile text without a 5xx or a header line of their own", async () => {
    const base = new URL(s.url);
    const visit = (host: string, path: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders }>((done, fail) => {
        const call = httpRequest(
          { host: base.hostname, port: base.port, path, headers: { host } },
          (res) => {
            res.resume();
            res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers }));
          },
        );
        call.on('error', fail);
        call.end();
      });
    let stored = 0;
    for (const [index, [label, text]] of HOSTILE.entries()) {
      const host = `r${index}.hostile-redirect.example`;
      const target = `https://example.com/p/${text}?q=${text}`;
      const added = await json('POST', '/api/domain/add', {
        domain: `https://${host}`,
        redirectroot: target,
        redirect404: target,
      });
      if (added.status !== 200) continue;
      stored++;
      for (const path of ['/', '/no-such-alias']) {
        const r = await visit(host, path);
        expect(r.status, `${label} ${path}`).toBe(302);
        expect(r.headers['set-cookie'], label).toBeUndefined();
        expect(new URL(r.headers.location as string).host, label).toBe('example.com');
      }
    }
    expect(stored).toBeGreaterThan(8);
  });

  it('stored no address of another scheme or form anywhere, whatever the answers said', () => {
    const db = openDatabase(s.dataDir);
    try {
      const stored: string[] = [];
      for (const raw of db
        .prepare(
          'SELECT long_url, meta_image, geotarget, devicetarget, languagetarget, deeplink FROM links',
        )
        .all()) {
        const row = raw as Record<string, string>;
        stored.push(row['long_url'] as string);
        if (row['meta_image']) stored.push(row['meta_image']);
        for (const column of ['geotarget', 'devicetarget', 'languagetarget']) {
          for (const target of JSON.parse(row[column] as string) as { link: string }[])
            stored.push(target.link);
        }
        const deeplink = JSON.parse(row['deeplink'] as string) as {
          apple?: string;
          google?: string;
        };
        for (const url of [deeplink.apple, deeplink.google]) if (url) stored.push(url);
      }
      for (const raw of db
        .prepare('SELECT domain, redirect_root, redirect_404 FROM domains')
        .all()) {
        const row = raw as Record<string, string>;
        for (const url of [row['domain'], row['redirect_root'], row['redirect_404']])
          if (url) stored.push(url);
      }
      expect(stored.length).toBeGreaterThan(300);
      expect(
        stored.filter(
          (url) => !/^https?:\/\/[^/\\]/.test(url) || /^[^?#]*\\/.test(url) || /\p{Cc}/u.test(url),
        ),
      ).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('never answered with a header line a caller wrote (every answer of this file)', () => {
    for (const answer of answers) {
      expect(answer.headers.get('set-cookie')).toBeNull();
      answer.headers.forEach((value, name) => {
        expect(`${name}: ${value}`).not.toMatch(/[\r\n]|x=y/);
      });
    }
    expect(answers.length).toBeGreaterThan(500);
  });
});
