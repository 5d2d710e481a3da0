/**
 * The OpenAPI 3.1 document of the service (GET /openapi.json): one operation per route Fastify
 * registered (collected by an onRoute hook in app.ts), described from ROUTE_DOCS in schemas.ts,
 * its zod schemas turned into JSON Schema 2020-12 (OpenAPI 3.1's dialect) by z.toJSONSchema. A
 * registered route without an entry is still listed, marked `x-undocumented`, so a new route
 * without docs is seen (tests/integration/openapi.test.ts fails on it).
 */
import { z } from 'zod';
import { ErrorAnswer, ROUTE_DOCS, type RouteDoc } from './schemas.js';

export interface RegisteredRoute {
  method: string;
  /** As Fastify registered it, prefix included: /api/url/:id. */
  url: string;
}

type Json = Record<string, unknown>;

/** JSON Schema of a zod schema, as a client's input (defaults and transforms not applied). */
const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return rest;
};

const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);

function operation(route: RegisteredRoute, doc: RouteDoc | undefined): Json {
  const params = (doc?.params?.shape ?? {}) as Record<string, z.ZodType>;
  const parameters: Json[] = pathParams(route.url).map((name) => ({ name, in: 'path', required: true, schema: params[name] ? jsonSchema(params[name]) : { type: 'string' } }));
  if (!doc) return { summary: `${route.method} ${route.url}`, 'x-undocumented': true, parameters, responses: { default: { description: 'Not described' } } };
  if (doc.query) {
    const shape = doc.query.shape as Record<string, z.ZodType>;
    for (const [name, schema] of Object.entries(shape)) {
      parameters.push({ name, in: 'query', required: !schema.safeParse(undefined).success, schema: jsonSchema(schema) });
    }
  }
  const answer = doc.answer instanceof z.ZodType ? { 'application/json': { schema: jsonSchema(doc.answer) } } : { [doc.answer.mediaType]: { schema: {} } };
  const responses: Json = { '200': { description: doc.answer instanceof z.ZodType ? 'Success' : doc.answer.description, content: answer } };
  if (!doc.public) responses['default'] = { description: 'A failure, in words', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  return {
    summary: doc.summary,
    tags: [doc.tag],
    operationId: `${route.method.toLowerCase()} ${route.url}`,
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(doc.body) } } } } : {}),
    responses,
    ...(doc.public ? { security: [] } : {}),
  };
}

export function openApiDocument(routes: readonly RegisteredRoute[], serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, ROUTE_DOCS[`${route.method} ${route.url}`]);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Linkdeck link service',
      version: '1',
      description:
        'The link-management API (links, channels, campaigns, branded domains, pixels, overlays, splash pages, QR codes, the account) with the redirects and statistics behind it. docs/hosting.md says what the service does where the API leaves it open.',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' } },
      schemas: { Error: jsonSchema(ErrorAnswer) },
    },
    paths,
  };
}
