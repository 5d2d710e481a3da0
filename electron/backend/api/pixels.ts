import type { Page, Pixel, PixelInput } from '../../shared/models.js';
import { pagingQuery } from './paths.js';
import { pageSchema, parseAnswer, type PageRequest } from './schema-kit.js';
import { pixel, pixelCreated } from './shapes.js';
import type { CallOptions, Transport } from './transport.js';

export interface PixelsApi {
  list(query?: PageRequest, options?: CallOptions): Promise<Page<Pixel>>;
  create(input: PixelInput, options?: CallOptions): Promise<Pixel>;
}

export function createPixelsApi(t: Transport): PixelsApi {
  return {
    async list(query = {}, options) {
      const what = 'listing pixels';
      const body = await t.request(
        { method: 'GET', path: '/api/pixels', query: pagingQuery(query), what },
        options,
      );
      return parseAnswer(pageSchema(['pixels'], pixel, query), body, what);
    },
    async create(input, options) {
      const what = 'creating a pixel';
      const body = await t.request(
        {
          method: 'POST',
          path: '/api/pixel/add',
          body: { type: input.type, name: input.name, tag: input.tag },
          what,
        },
        options,
      );
      // The spec does not show this answer: use what it says, and what was sent for the rest.
      const p = parseAnswer(pixelCreated, body, what);
      return {
        id: p.id,
        type: p.type || input.type,
        name: p.name || input.name,
        tag: p.tag || input.tag,
        date: p.date,
      };
    },
  };
}
