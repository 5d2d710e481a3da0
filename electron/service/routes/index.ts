import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.js';
import { registerAccountRoutes } from './account.js';
import { registerCampaignRoutes } from './campaigns.js';
import { registerCatalogRoutes } from './catalog.js';
import { registerChannelRoutes } from './channels.js';
import { registerClickRoutes } from './clicks.js';
import { registerDomainRoutes } from './domains.js';
import { registerLinkRoutes } from './links.js';
import { registerPixelRoutes } from './pixels.js';
import { registerQrRoutes } from './qr-codes.js';

/** Every /api endpoint of the spec; `api` is already prefixed with /api and authenticated. */
export function registerApiRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  registerLinkRoutes(api, ctx);
  registerAccountRoutes(api, ctx);
  registerChannelRoutes(api, ctx);
  registerCampaignRoutes(api, ctx);
  registerDomainRoutes(api, ctx);
  registerPixelRoutes(api, ctx);
  registerQrRoutes(api, ctx);
  registerCatalogRoutes(api, ctx);
  // An extension of the spec: click timelines (see clicks.ts).
  registerClickRoutes(api, ctx);
}
