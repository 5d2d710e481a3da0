import { msg } from '../../shared/message-ref.js';
import type { Confirmation, Page, Pixel, PixelInput } from '../../shared/models.js';
import { unlessNotOffered } from './not-offered.js';
import { pagingQuery, pathId } from './paths.js';
import { pageSchema, parseAnswer, type PageRequest } from './schema-kit.js';
import { confirmation, pixel, pixelCreated, pixelUpdated } from './shapes.js';
import type { CallOptions, Transport } from './transport.js';

/**
 * What a pixel update sends. The update needs the tag; the name goes with it. The type is not
 * sent: the spec shows no update, and the tag's format depends on the type, so a pixel of
 * another platform is a new pixel.
 */
export type PixelUpdate = Pick<PixelInput, 'name' | 'tag'>;

/** A confirmed pixel update: the name and tag the service holds (what was sent, unless it said otherwise). */
export interface PixelSaved extends Confirmation {
  name: string;
  tag: string;
}

export interface PixelsApi {
  list(query?: PageRequest, options?: CallOptions): Promise<Page<Pixel>>;
  create(input: PixelInput, options?: CallOptions): Promise<Pixel>;
  /**
   * `PUT /api/pixel/:id/update`, which real deployments have from 6.2 (the spec does not show
   * it). On a service without it, fails with 'invalid-input' saying so in words.
   */
  update(id: number, input: PixelUpdate, options?: CallOptions): Promise<PixelSaved>;
  /** `DELETE /api/pixel/:id/delete` (6.2 and later); as update on a service without it. */
  delete(id: number, options?: CallOptions): Promise<Confirmation>;
}

export function createPixelsApi(t: Transport): PixelsApi {
  return {
    async list(query = {}, options) {
      const what = msg('errors.doing.listPixels');
      const body = await t.request(
        { method: 'GET', path: '/api/pixels', query: pagingQuery(query), what },
        options,
      );
      return parseAnswer(pageSchema(['pixels'], pixel, query), body, what);
    },
    async create(input, options) {
      const what = msg('errors.doing.createPixel');
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
    async update(id, input, options) {
      const what = msg('errors.doing.updatePixel');
      const path = `/api/pixel/${pathId(id, 'pixel')}/update`;
      const body = await unlessNotOffered(
        () =>
          t.request(
            { method: 'PUT', path, body: { name: input.name, tag: input.tag }, what },
            options,
          ),
        { method: 'PUT', path, noun: 'pixel', offering: 'pixelUpdate' },
      );
      const saved = parseAnswer(pixelUpdated, body, what);
      return {
        message: saved.message,
        name: saved.name || input.name,
        tag: saved.tag || input.tag,
      };
    },
    async delete(id, options) {
      const what = msg('errors.doing.deletePixel');
      const path = `/api/pixel/${pathId(id, 'pixel')}/delete`;
      const body = await unlessNotOffered(
        () => t.request({ method: 'DELETE', path, what }, options),
        { method: 'DELETE', path, noun: 'pixel', offering: 'pixelDelete' },
      );
      return parseAnswer(confirmation, body, what);
    },
  };
}
