import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_DOCS } from '../../electron/service/openapi/schemas.js';
import { startTestService, type TestService } from '../support/service.js';
import { ADD_LINK_EXAMPLE, SPEC_EXAMPLES, type Json } from '../support/spec-examples.js';

/*
 * The service's OpenAPI 3.1 document (issue 41, item 7), as a client reads it from /openapi.json:
 * every route the service registered is in it and described (none `x-undocumented`, no entry for
 * a route that does not exist); every request sample of the API documentation
 * (tests/support/spec-examples.ts, one per endpoint of the spec) validates against its request
 * schemas with ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect), is accepted by the service, and
 * the service's real answer validates against the documented answer. So the reference cannot
 * drift from the routes or from what they answer. /openapi.html shows every operation.
 */

type Operation = {
  'x-undocumented'?: boolean;
  parameters?: { name: string; in: string; required: boolean; schema: Json }[];
  requestBody?: { content: { 'application/json': { schema: Json } } };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };

let s: TestService;
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  // With the metrics route, so that every route the service can have is registered.
  s = await startTestService({ metrics: { servicePort: true } });
  const res = await fetch(`${s.url}/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
});
afterAll(() => s?.close());

/** `METHOD /path/:param` of every operation of the document. */
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`, path, op })),
  );

/** The operation a concrete request meets (path parameters matched as one segment each). */
function operationFor(method: string, path: string) {
  const bare = path.split('?')[0] as string;
  const found = operations().filter(({ key }) => {
    const [m, template] = key.split(' ') as [string, string];
    return m === method && new RegExp(`^${template.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`).test(bare) && !template.startsWith('/:');
  });
  // A literal path wins over a parameter (/api/urls before nothing else; /api/url/1 is :id).
  found.sort((a, b) => (a.key.match(/:/g)?.length ?? 0) - (b.key.match(/:/g)?.length ?? 0));
  if (!found[0]) throw new Error(`/openapi.json has no operation for ${method} ${bare}`);
  return found[0].op;
}

/** ajv's verdict on `value` against `schema`, in words ('' when valid). */
function problems(schema: Json, value: unknown): string {
  const validate = ajv.compile(schema);
  return validate(value) ? '' : ajv.errorsText(validate.errors, { separator: '\n' });
}

describe('/openapi.json', () => {
  it('is OpenAPI 3.1 and lists every route the service registered, each described, and nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ops = operations();
    expect(ops.filter(({ op }) => op['x-undocumented']).map(({ key }) => key)).toEqual([]);
    expect(new Set(ops.map(({ key }) => key))).toEqual(new Set(Object.keys(ROUTE_DOCS)));
    // The spec's endpoints among them (35 under /api with the extensions).
    expect(ops.filter(({ key }) => key.includes(' /api/')).length).toBe(35);
  });

  it('every documented request sample validates against it, is accepted, and the answer validates against it', { timeout: 60_000 }, async () => {
    const made: { link?: number; short?: string } = {};
    const checked: string[] = [];
    const send = async (method: string, path: string, body?: Json) => {
      const op = operationFor(method, path);
      const where = `${method} ${path}`;
      // The request: its query parameters and its body, against the document.
      const query = new URLSearchParams(path.split('?')[1] ?? '');
      for (const [name, value] of query) {
        const param = op.parameters?.find((p) => p.in === 'query' && p.name === name);
        expect(param, `${where}: the query parameter ${name} is not documented`).toBeDefined();
        expect(problems(param?.schema as Json, value), `${where}: ${name}`).toBe('');
      }
      if (body) expect(problems(op.requestBody?.content['application/json'].schema ?? { not: {} }, body), `${where}: the body`).toBe('');
      // The answer, from the service, against the document.
      const r = await s.api<Json>(method as 'GET', path, body);
      expect(r.status, `${where} → ${r.text.slice(0, 300)}`).toBe(200);
      const schema = op.responses['200']?.content?.['application/json']?.schema as Json;
      expect(problems(schema, r.json), `${where}: the answer ${r.text.slice(0, 300)}`).toBe('');
      checked.push(where);
      return r.json;
    };
    for (const example of SPEC_EXAMPLES) {
      const path = example.path.replace(':link', String(made.link)).replace(':short', encodeURIComponent(made.short ?? ''));
      const answer = await send(example.method, path, example.body);
      if (example.body === ADD_LINK_EXAMPLE) {
        made.link = answer['id'] as number;
        made.short = answer['shorturl'] as string;
      }
    }
    // Routes beyond the spec's samples: QR codes, pixel update and delete, click timelines.
    const link = (await send('POST', '/api/url/add', { url: 'https://example.com/openapi' }))['id'] as number;
    await send('GET', `/api/url/${link}/clicks`);
    await send('GET', '/api/clicks');
    const qr = (await send('POST', '/api/qr/add', { type: 'link', data: 'https://example.com/qr', name: 'A QR code' }))['id'] as number;
    await send('GET', '/api/qr');
    await send('GET', `/api/qr/${qr}`);
    await send('PUT', `/api/qr/${qr}/update`, { name: 'Another name', data: 'https://example.com/qr2' });
    await send('DELETE', `/api/qr/${qr}/delete`);
    const pixel = (await send('POST', '/api/pixel/add', { type: 'gtmpixel', name: 'Tags', tag: 'GTM-ABCDE' }))['id'] as number;
    await send('PUT', `/api/pixel/${pixel}/update`, { tag: 'GTM-ABCDF' });
    await send('DELETE', `/api/pixel/${pixel}/delete`);
    expect(checked.length).toBe(SPEC_EXAMPLES.length + 11);
  });

  it('the query and path schemas it publishes are the ones the service checks with: they agree on every value', async () => {
    const list = operationFor('GET', '/api/pixels');
    const limit = list.parameters?.find((p) => p.name === 'limit')?.schema as Json;
    for (const value of ['1', '2', '015', '100', '999999999', '0', '00', '-1', '1.5', 'abc', '1e3', '1234567890', ' 1']) {
      const schemaSays = problems(limit, value) === '';
      const status = (await s.api('GET', `/api/pixels?limit=${encodeURIComponent(value)}`)).status;
      expect({ value, accepted: status === 200 }).toEqual({ value, accepted: schemaSays });
    }
    const read = operationFor('GET', '/api/url/1');
    const id = read.parameters?.find((p) => p.in === 'path' && p.name === 'id')?.schema as Json;
    const made = (await s.api<Json>('POST', '/api/url/add', { url: 'https://example.com/ids' })).json['id'] as number;
    for (const value of [String(made), '999999', '0', `0${made}`, 'abc', '12345678901234567']) {
      const schemaSays = problems(id, value) === '';
      const answer = await s.api<Json>('GET', `/api/url/${value}`);
      // A malformed id is refused with its own sentence; a well-formed one is read (or not found).
      const serviceSays = !String(answer.json['message'] ?? '').includes('link ids are whole numbers');
      expect({ value, wellFormed: serviceSays }).toEqual({ value, wellFormed: schemaSays });
    }
  });

  it('an error answer validates against its Error schema', async () => {
    const r = await s.api<Json>('GET', '/api/url/999999');
    expect(r.status).toBe(404);
    expect(problems(doc.components.schemas['Error'] as Json, r.json)).toBe('');
  });
});

describe('/openapi.html', () => {
  it('shows every operation, with the strict page CSP and no script', async () => {
    const res = await fetch(`${s.url}/openapi.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'none'");
    const html = await res.text();
    expect(html).not.toContain('<script');
    for (const { key } of operations()) expect(html, key).toContain(`<code>${key.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}</code>`);
  });
});
