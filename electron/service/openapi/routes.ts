import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.js';
import { sendHtml } from '../html.js';
import { openApiDocument, type RegisteredRoute } from './document.js';
import { referencePage } from './reference-page.js';

/**
 * GET /openapi.json (OpenAPI 3.1) and GET /openapi.html (the same as a page), without a key:
 * the reference is public, like the API documentation of a hosted service. Built on the first
 * request, when every route is registered and the base URL known.
 */
export function registerOpenApiRoutes(app: FastifyInstance, ctx: ServiceContext, routes: readonly RegisteredRoute[]): void {
  let doc: Record<string, unknown> | undefined;
  const document = () => (doc ??= openApiDocument(routes, ctx.baseUrl()));
  app.get('/openapi.json', (_request, reply) => {
    void reply.header('cache-control', 'no-cache').send(document());
  });
  app.get('/openapi.html', (_request, reply) => sendHtml(reply, 200, referencePage(document())));
}
