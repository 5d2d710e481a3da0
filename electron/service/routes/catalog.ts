import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.js';

export function registerCatalogRoutes(_api: FastifyInstance, _ctx: ServiceContext): void {
  // TODO(issue 2): implemented by the service helpers.
}
