import type { FastifyInstance } from 'fastify';
import { QrBody, pickBody } from '../request-bodies.js';
import { parseColor, rgbText } from '../../shared/qr-colors.js';
import {
  isQrType,
  qrPayload,
  QR_TYPES,
  REFUSED_QR_TYPES,
  type QrData,
  type QrType,
} from '../../shared/qr-codes.js';
import { notifyLinkChanged, type ServiceContext } from '../context.js';
import { ApiError, badRequest, unprocessable } from '../errors.js';
import { formatDateTime, pagedEnvelope, readPaging } from '../format.js';
import { linkStats } from '../links/stats.js';
import { MAX_NAME, optionalString, pathId, readBody } from '../resources/input.js';
import { shortUrl } from '../urls.js';
import {
  createQr,
  deleteQr,
  getOwnedQr,
  listQrs,
  updateQr,
  type QrFields,
  type StoredQr,
} from '../qr/qr-store.js';

/** The image address real deployments answer as `link`. */
const imageUrl = (ctx: ServiceContext, qr: StoredQr) => `${ctx.baseUrl()}/qr/${qr.alias}`;

/**
 * A list item: the fields of real deployments (7.x; 6.1 says `title` for `name`), then what this
 * service adds so a client can browse and export codes offline without reading each one:
 * `type`, `content` (the data as accepted) and `shorturl` (a dynamic code's hidden short link).
 */
const listItem = (ctx: ServiceContext, qr: StoredQr) => ({
  id: qr.id,
  name: qr.name,
  link: imageUrl(ctx, qr),
  scans: qr.scans,
  date: formatDateTime(qr.createdAt),
  type: qr.type,
  content: qr.data,
  shorturl: qr.linkAlias === null ? null : shortUrl(ctx, qr.linkAlias),
});

/**
 * `details` as deployments answer it (including their `data` holding the created date), then
 * what this service adds so a client can show and mirror the code completely: `content` (the
 * data as accepted), the colours, the logo, whether scans are counted and the hidden short link.
 */
async function singleAnswer(ctx: ServiceContext, qr: StoredQr) {
  return {
    error: 0,
    id: qr.id,
    details: {
      id: qr.id,
      type: qr.type,
      name: qr.name,
      link: imageUrl(ctx, qr),
      scans: qr.scans,
      data: formatDateTime(qr.createdAt),
      date: formatDateTime(qr.createdAt),
      content: qr.data,
      background: qr.background,
      foreground: qr.foreground,
      logo: qr.logo,
      dynamic: qr.linkId !== null,
      shorturl: qr.linkAlias === null ? null : shortUrl(ctx, qr.linkAlias),
      channel: qr.channelId,
      updated: formatDateTime(qr.updatedAt),
    },
    data: await ctx.store.run(linkStats(qr.linkId ?? 0, qr.scans)),
  };
}

function readType(body: Record<string, unknown>, current?: QrType): QrType {
  const value = body['type'];
  if ((value === undefined || value === null) && current) return current;
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(`The field "type" is required: send one of ${QR_TYPES.join(', ')}.`);
  }
  const type = value.trim().toLowerCase();
  if ((REFUSED_QR_TYPES as readonly string[]).includes(type)) {
    throw unprocessable(
      `QR codes of type "${type}" can only be made on the service's website, not through the API.`,
    );
  }
  if (!isQrType(type)) throw badRequest(`The field "type" must be one of ${QR_TYPES.join(', ')}.`);
  return type;
}

function readColor(body: Record<string, unknown>, field: string, fallback: string): string {
  const text = optionalString(body, field, 100);
  if (text === undefined || text.trim() === '') return fallback;
  const color = parseColor(text);
  if (!color) {
    throw badRequest(
      `The field "${field}" must be a colour written rgb(r,g,b) (each 0-255) or #rrggbb; it was ${JSON.stringify(text.slice(0, 40))}.`,
    );
  }
  return rgbText(color);
}

function readLogo(body: Record<string, unknown>, fallback: string): string {
  const text = optionalString(body, 'logo', 2048);
  if (text === undefined) return fallback;
  const logo = text.trim();
  if (logo === '') return '';
  if (!/^https?:\/\/[^\s]+\.(png|jpe?g)(\?[^\s]*)?$/i.test(logo)) {
    throw badRequest('The field "logo" must be the web address of a PNG or JPG image (ending in .png, .jpg or .jpeg).');
  }
  return logo;
}

/** Reads and checks a whole QR input; `cur` is the code being updated (absent fields keep it). */
function readFields(body: Record<string, unknown>, cur?: StoredQr): { fields: QrFields; payload: string } {
  const type = readType(body, cur?.type);
  const name = optionalString(body, 'name', MAX_NAME);
  const rawData: unknown = body['data'] === undefined || body['data'] === null ? cur?.data : body['data'];
  if (rawData === undefined) throw badRequest('The field "data" is required: send what the QR code holds.');
  const checked = qrPayload(type, rawData);
  if (!checked.ok) {
    const words = checked.errors.map((e) => `${e.field === 'data' ? 'data' : e.field}: ${e.message}`).join(' ');
    // The API's answer keeps its shape (field and English words): message keys are the app's, not the API's.
    throw new ApiError(400, `The QR code's data is not valid. ${words}`, { fields: checked.errors.map(({ field, message }) => ({ field, message })) });
  }
  return {
    fields: {
      type,
      name: name?.trim() ?? cur?.name ?? '',
      data: checked.data as QrData,
      background: readColor(body, 'background', cur?.background ?? 'rgb(255,255,255)'),
      foreground: readColor(body, 'foreground', cur?.foreground ?? 'rgb(0,0,0)'),
      logo: readLogo(body, cur?.logo ?? ''),
    },
    payload: checked.payload,
  };
}

/**
 * QR codes (issue 31): the five endpoints every deployment from 6.1 to 7.6 has, with their
 * answers' shapes. Unlike a deployment (whose QR helper answers an HTML 500 page), every refusal
 * here is JSON with a message. Dynamic types get a hidden short link (see qr-store.ts).
 */
export function registerQrRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  api.get('/qr', async (request) => {
    const query = request.query as Record<string, unknown>;
    const paging = readPaging(query);
    const q = typeof query['q'] === 'string' ? query['q'].trim().slice(0, 500) : '';
    const { items, total } = await ctx.store.run(listQrs(request.userId, q, paging.limit, paging.offset));
    return pagedEnvelope('qrs', items.map((qr) => listItem(ctx, qr)), total, paging);
  });

  api.get<{ Params: { id: string } }>('/qr/:id', async (request) =>
    singleAnswer(ctx, await ctx.store.run(getOwnedQr(request.userId, pathId(request.params.id, 'QR code')))),
  );

  api.post('/qr/add', async (request) => {
    const { fields, payload } = readFields(pickBody(QrBody, readBody(request)));
    const id = await ctx.store.run(createQr(ctx, request.userId, fields, payload));
    const qr = await ctx.store.run(getOwnedQr(request.userId, id));
    if (qr.linkId !== null) notifyLinkChanged(ctx, qr.linkId);
    return { error: 0, id, link: imageUrl(ctx, qr) };
  });

  api.put<{ Params: { id: string } }>('/qr/:id/update', async (request) => {
    const id = pathId(request.params.id, 'QR code');
    const cur = await ctx.store.run(getOwnedQr(request.userId, id));
    const { fields, payload } = readFields(pickBody(QrBody, readBody(request)), cur);
    for (const linkId of await ctx.store.run(updateQr(ctx, cur, fields, payload))) notifyLinkChanged(ctx, linkId);
    const qr = await ctx.store.run(getOwnedQr(request.userId, id));
    if (qr.linkId !== null) notifyLinkChanged(ctx, qr.linkId);
    return { error: 0, id, link: imageUrl(ctx, qr), message: 'QR code has been updated successfully.' };
  });

  api.delete<{ Params: { id: string } }>('/qr/:id/delete', async (request) => {
    const cur = await ctx.store.run(getOwnedQr(request.userId, pathId(request.params.id, 'QR code')));
    await ctx.store.run(deleteQr(cur));
    if (cur.linkId !== null) notifyLinkChanged(ctx, cur.linkId);
    return { error: 0, message: 'QR code has been deleted successfully.' };
  });
}
