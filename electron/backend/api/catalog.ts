import { msg } from '../../shared/message-ref.js';
import type { Overlay, Page, SplashPage } from '../../shared/models.js';
import { pagingQuery } from './paths.js';
import { pageSchema, parseAnswer, type PageRequest } from './schema-kit.js';
import { overlay, splashPage } from './shapes.js';
import type { CallOptions, Transport } from './transport.js';

/** Call-to-action overlays: read-only through the API. */
export interface OverlaysApi {
  list(query?: PageRequest, options?: CallOptions): Promise<Page<Overlay>>;
}

/** Custom splash pages: read-only through the API. */
export interface SplashApi {
  list(query?: PageRequest, options?: CallOptions): Promise<Page<SplashPage>>;
}

export function createOverlaysApi(t: Transport): OverlaysApi {
  return {
    async list(query = {}, options) {
      const what = msg('errors.doing.listOverlays');
      const body = await t.request(
        { method: 'GET', path: '/api/overlay', query: pagingQuery(query), what },
        options,
      );
      // The spec's collection key is `cta`; some deployments use `overlay`.
      return parseAnswer(pageSchema(['cta', 'overlay', 'overlays'], overlay, query), body, what);
    },
  };
}

export function createSplashApi(t: Transport): SplashApi {
  return {
    async list(query = {}, options) {
      const what = msg('errors.doing.listSplashPages');
      const body = await t.request(
        { method: 'GET', path: '/api/splash', query: pagingQuery(query), what },
        options,
      );
      return parseAnswer(pageSchema(['splash'], splashPage, query), body, what);
    },
  };
}
