import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bodies from '../../electron/service/request-bodies.js';
import { ChannelAddBody, fieldsRead, pickBody } from '../../electron/service/request-bodies.js';
import { startTestService, type TestService } from '../support/service.js';

/*
 * Issue 41, item 7: the request bodies /openapi.json publishes are the ones the service reads
 * (electron/service/request-bodies.ts). Both directions:
 * - every field the document lists for a body, sent with a value of a type the document refuses,
 *   is refused by the service with a 400 naming the field, or left out and named in `dropped`
 *   (the structured lists of a link, which the spec lets the service drop item by item): a listed
 *   field the service does not read would be accepted silently and fail here;
 * - a route reads its body only through `pickBody` with its schema, which hands the readers only
 *   the fields the schema declares (checked in the sources and on pickBody itself), and after
 *   every route has read a body, the fields each read are exactly its schema's (`fieldsRead`):
 *   a field read but not documented, or documented but never read, fails.
 */

type Json = Record<string, unknown>;
type Schema = { type?: string | string[]; anyOf?: Schema[]; properties?: Record<string, Schema> };
type Doc = { paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: Schema } } } }>> };

let s: TestService;
let doc: Doc;
const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);

beforeAll(async () => {
  s = await startTestService();
  doc = (await (await fetch(`${s.url}/openapi.json`)).json()) as Doc;
});
afterAll(() => s?.close());

/** The JSON types a property's schema allows (through anyOf, as nullable fields are written). */
function types(schema: Schema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(types);
  return schema.type === undefined ? [] : [schema.type].flat();
}

describe('request bodies in /openapi.json', () => {
  it('every documented body field of a wrong type is refused naming it, or left out and named in dropped', { timeout: 60_000 }, async () => {
    const id = async (path: string, body: Json) => {
      const r = await s.api<Json>('POST', path, body);
      expect(r.status, r.text).toBe(200);
      return r.json['id'] as number;
    };
    const link = await id('/api/url/add', { url: 'https://example.com/bodies' });
    const ids: Record<string, number> = {
      url: link,
      channel: await id('/api/channel/add', { name: 'Bodies' }),
      campaign: await id('/api/campaign/add', { name: 'Bodies' }),
      domain: await id('/api/domain/add', { domain: 'https://go.bodies.example' }),
      pixel: await id('/api/pixel/add', { type: 'gtmpixel', name: 'Bodies', tag: 'GTM-BODIES' }),
      qr: await id('/api/qr/add', { type: 'link', data: 'https://example.com/qr' }),
    };
    // A body the route accepts, so that a dropped item shows in a success answer.
    const valid = (path: string): Json =>
      path.includes('/url/') ? { url: 'https://example.com/bodies' } : path.includes('/qr/') ? { type: 'link', data: 'https://example.com/qr' } : {};

    const seen: string[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const schema = op.requestBody?.content['application/json'].schema;
        if (!schema) continue;
        const path = template.replace(/\{[^}]+\}/g, () => String(ids[/\/api\/([a-z]+)/.exec(template)?.[1] ?? ''] ?? 0));
        for (const [field, property] of Object.entries(schema.properties ?? {})) {
          // A value of a type the document refuses for this field.
          const wrong = types(property).includes('boolean') ? 'yes' : true;
          expect(ajv.validate(property, wrong), `${method} ${template} ${field}: the document takes ${JSON.stringify(wrong)}`).toBe(false);
          const r = await s.api<Json>(method.toUpperCase() as 'POST', path, { ...valid(template), [field]: wrong });
          const where = `${method.toUpperCase()} ${template} with ${field}: ${JSON.stringify(wrong)} → ${r.status} ${r.text.slice(0, 300)}`;
          if (r.status === 400) {
            expect(String(r.json['message']), where).toMatch(new RegExp(`\\b${field}\\b`));
          } else {
            expect(r.status, where).toBe(200);
            const dropped = (r.json['dropped'] ?? []) as { field: string; reason: string }[];
            expect(dropped.map((d) => d.field.replace(/[.[].*$/, '')), where).toContain(field);
          }
          seen.push(`${method} ${template} ${field}`);
        }
      }
    }
    // Every route with a body was reached: the link's 19 and 18 fields and the rest.
    expect(seen.filter((k) => k.includes('/api/url/add')).length).toBe(19);
    expect(seen.length).toBeGreaterThan(60);

    // Every route once more with a body it takes, then: each schema's fields are the ones read.
    const ok = async (method: 'PUT', path: string, body: Json) => expect((await s.api(method, path, body)).status).toBe(200);
    await ok('PUT', `/api/url/${ids['url']}/update`, { url: 'https://example.com/bodies2' });
    await ok('PUT', '/api/account/update', { email: 'bodies@example.com' });
    await ok('PUT', `/api/channel/${ids['channel']}/update`, { name: 'Bodies 2' });
    await ok('PUT', `/api/campaign/${ids['campaign']}/update`, { name: 'Bodies 2' });
    await ok('PUT', `/api/domain/${ids['domain']}/update`, { redirectroot: '' });
    await ok('PUT', `/api/pixel/${ids['pixel']}/update`, { tag: 'GTM-BODIEZ' });
    await ok('PUT', `/api/qr/${ids['qr']}/update`, { name: 'Bodies 2' });
    const schemas = Object.entries(bodies).filter((e): e is [string, typeof ChannelAddBody] => e[1] instanceof Object && 'shape' in e[1]);
    expect(schemas.length).toBe(10);
    for (const [name, schema] of schemas) {
      expect({ name, read: [...fieldsRead(schema)].sort() }).toEqual({ name, read: Object.keys(schema.shape).sort() });
    }
  });

  it('pickBody hands a route only the fields its schema declares, and refuses a declared one of another type', () => {
    expect({ ...pickBody(ChannelAddBody, { name: 'x', starred: null, undeclared: 'y' }) }).toEqual({ name: 'x', starred: null });
    expect(() => pickBody(ChannelAddBody, { name: 'x', starred: 'yes' })).toThrow(/"starred" must be true or false/);
  });

  it('every route reads its request body through pickBody with its schema, never request.body itself', () => {
    const dir = fileURLToPath(new URL('../../electron/service/routes/', import.meta.url));
    const linkInput = fileURLToPath(new URL('../../electron/service/links/link-input.ts', import.meta.url));
    const readers = [...readdirSync(dir).map((f) => dir + f), linkInput];
    for (const file of readers) {
      const source = readFileSync(file, 'utf8');
      const bare = source.match(/readBody\(request\)|request\.body/g) ?? [];
      const picked = source.match(/pickBody\(\w+, readBody\(request\)\)|parseLinkInput\(request\.body/g) ?? [];
      expect({ file, unpicked: bare.length - picked.length }).toEqual({ file, unpicked: 0 });
    }
    // link-input.ts hands its body to pickBody before any field is read.
    expect(readFileSync(linkInput, 'utf8')).toMatch(/const body: Body = pickBody\(/);
  });
});
