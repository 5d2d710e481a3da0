import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.js';

export function registerRedirectRoutes(_app: FastifyInstance, _ctx: ServiceContext): void {
  // TODO(issue 2): redirects, rotator, campaign list pages.
}
