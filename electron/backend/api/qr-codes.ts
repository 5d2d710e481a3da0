import { msg, type MessageParam } from '../../shared/message-ref.js';
import { z } from 'zod';
import type {
  Confirmation,
  LinkStats,
  Page,
  QrCode,
  QrDetails,
  QrInput,
  QrSaved,
  QrUpdateInput,
} from '../../shared/models.js';
import type { QrData } from '../../shared/qr-codes.js';
import { ApiClientError, isApiClientError } from './errors.js';
import { unlessNotOffered } from './not-offered.js';
import { pagingQuery, pathId } from './paths.js';
import { count, flag, id, int, merged, optionalUrl, pageSchema, parseAnswer, text, type PageRequest } from './schema-kit.js';
import { confirmation, linkStatsShape } from './shapes.js';
import type { CallOptions, Transport } from './transport.js';

/*
 * QR codes (issue 31): `GET /api/qr`, `GET /api/qr/:id`, `POST /api/qr/add`,
 * `PUT /api/qr/:id/update`, `DELETE /api/qr/:id/delete` on every version from 6.1 to 7.6.
 * Shapes and quirks from the reading of the 6.1.4–7.6.3 controllers (not checked
 * against a public copy of the controller: the code search found only the servers' QR helper):
 * - lists carry `{id, name, link, scans, date}` under `data.qrs`; 6.1 says `title` for `name`;
 * - the single answer is `{details: {…, data: <created date>}, data: <statistics>}`; our own
 *   service adds `content` (what the code holds), the colours, `dynamic` and `shorturl`;
 * - a payload the servers' QR helper refuses ("Please enter a valid url.") comes back as an
 *   HTML 500 page: a refusal, never a failure to retry;
 * - 6.1 has no update handler (an HTML 404); 7.6.3 answers a key without the QR permission
 *   with `{"error": true, …}` and HTTP 200.
 */

const qrData = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .optional()
  .nullable()
  .transform((v): QrData | null => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'string') return v;
    const out: Record<string, string> = {};
    for (const [k, value] of Object.entries(v)) {
      if (typeof value === 'string' || typeof value === 'number') out[k] = String(value);
    }
    return out;
  });

/** A list item; `type`, `content` and `shorturl` only from services that add them (ours). */
const listItem = z
  .object({ id, name: text, title: text, link: text, scans: count, date: text, type: text, content: qrData, shorturl: optionalUrl })
  .transform(
    (q): QrCode => ({
      id: q.id,
      name: q.name || q.title,
      link: q.link,
      scans: q.scans,
      date: q.date,
      type: q.type || null,
      content: q.content,
      shortUrl: q.shorturl,
    }),
  );

/** A `details.data` that looks like a date is the deployments' created date, not the payload. */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

const single = z
  .object({
    id: id.optional(),
    details: z.looseObject({
      id: id.optional(),
      type: text,
      name: text,
      title: text,
      link: text,
      scans: count,
      date: text,
      created_at: text,
      data: z.unknown().optional(),
      content: qrData,
      background: optionalUrl,
      foreground: optionalUrl,
      logo: optionalUrl,
      dynamic: z.union([flag, z.undefined()]).optional(),
      shorturl: optionalUrl,
    }),
    data: linkStatsShape,
  })
  .refine((q) => q.id !== undefined || q.details.id !== undefined, {
    message: 'Expected the QR code’s id',
  })
  .transform((q): QrDetails => {
    const d = q.details;
    const dataIsDate = typeof d.data === 'string' && DATE_TEXT.test(d.data.trim());
    const created = d.date || d.created_at || (dataIsDate ? String(d.data).trim() : '');
    const content = d.content ?? (dataIsDate || d.data === undefined ? null : qrData.parse(d.data));
    return {
      id: (q.id ?? d.id) as number,
      type: d.type || null,
      name: d.name || d.title,
      link: d.link,
      scans: d.scans || (q.data as LinkStats).clicks,
      date: created,
      content,
      background: d.background,
      foreground: d.foreground,
      logo: d.logo,
      dynamic: 'dynamic' in (q.details as object) ? Boolean(d.dynamic) : null,
      shortUrl: d.shorturl,
      stats: q.data,
    };
  });

const created = z
  .unknown()
  .transform(merged)
  .pipe(z.object({ id, link: text }))
  .transform((c): QrSaved => ({ id: c.id, link: c.link }));

const updated = z
  .unknown()
  .transform(merged)
  .pipe(z.object({ id: int.optional(), link: text, message: text }));

export interface QrCodesApi {
  list(query?: PageRequest & { q?: string }, options?: CallOptions): Promise<Page<QrCode>>;
  get(id: number, options?: CallOptions): Promise<QrDetails>;
  create(input: QrInput, options?: CallOptions): Promise<QrSaved>;
  /** Refused in words ("does not offer editing QR codes") on 6.1, which has no update route. */
  update(id: number, input: QrUpdateInput, options?: CallOptions): Promise<QrSaved & Confirmation>;
  delete(id: number, options?: CallOptions): Promise<Confirmation>;
}

/** The body a create or update sends: only the fields given (update ignores the rest anyway). */
export function qrBody(input: QrUpdateInput): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of ['type', 'data', 'name', 'background', 'foreground', 'logo'] as const) {
    if (input[key] !== undefined) body[key] = input[key];
  }
  return body;
}

/**
 * The QR helper's refusals and 7.6.3's permission answer, turned into refusals in words. An
 * HTML (or other non-JSON) 500 to a create or update is how deployments refuse a payload: kept
 * as 'invalid-input' so the outbox shows it and never retries it as if the network failed.
 */
function refusal(error: unknown, what: MessageParam): unknown {
  if (!isApiClientError(error)) return error;
  if (error.status === 500 && error.answerKind !== 'json') {
    return new ApiClientError(
      'invalid-input',
      msg('errors.qr.helperRefused', { what }),
      { status: 500, details: { qrHelper: true }, cause: error },
    );
  }
  return permission(error);
}

/** 7.6.3: `{"error": true, "message": …}` with HTTP 200 for a key without the QR permission. */
function permission(error: unknown): unknown {
  // Only words about permission (read as 'unauthorized' from an HTTP 200): any other refusal
  // with HTTP 200 ("You have reached your limit.") keeps its own words.
  if (!isApiClientError(error) || error.status !== 200 || error.answerKind !== 'json' || error.code !== 'unauthorized') return error;
  return new ApiClientError(
    'invalid-input',
    msg('errors.qr.notPermitted', { answer: error.message }),
    { status: 200, details: { notOffered: true, notPermitted: true }, cause: error },
  );
}

async function guarded<T>(call: () => Promise<T>, what: MessageParam): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw refusal(error, what);
  }
}

export function createQrCodesApi(t: Transport): QrCodesApi {
  /**
   * 6.1 and 6.2 answer an update that changes the type or the name with success and keep both
   * as they were. Such a change is read back; when the service kept them, the update is
   * refused in words (the content it did take is kept by the service, and the next sync shows it).
   */
  async function checkKept(qrId: number, input: QrUpdateInput, options?: CallOptions): Promise<void> {
    if (input.type === undefined && input.name === undefined) return;
    const now = await api.get(qrId, options);
    const kept: string[] = [];
    if (input.type !== undefined && now.type !== null && now.type !== input.type) kept.push('type');
    if (input.name !== undefined && now.name.trim() !== input.name.trim()) kept.push('name');
    if (kept.length === 0) return;
    throw new ApiClientError(
      'invalid-input',
      msg('errors.qr.keptFields', { kept: kept.length > 1 ? 'both' : (kept[0] ?? 'type') }),
      { details: { keptFields: kept } },
    );
  }
  const api: QrCodesApi = {
    async list(query = {}, options) {
      const what = msg('errors.doing.listQrCodes');
      const q = query.q ? { q: query.q } : {};
      const body = await guarded(
        () => t.request({ method: 'GET', path: '/api/qr', query: { ...pagingQuery(query), ...q }, what }, options),
        what,
      );
      return parseAnswer(pageSchema(['qrs', 'qr'], listItem, query), body, what);
    },
    async get(qrId, options) {
      const what = msg('errors.doing.readQrCode');
      const path = `/api/qr/${pathId(qrId, 'QR code')}`;
      const body = await guarded(() => t.request({ method: 'GET', path, what }, options), what);
      return parseAnswer(single, body, what);
    },
    async create(input, options) {
      const what = msg('errors.doing.createQrCode');
      const body = await guarded(
        () => t.request({ method: 'POST', path: '/api/qr/add', body: qrBody(input), what }, options),
        what,
      );
      return parseAnswer(created, body, what);
    },
    async update(qrId, input, options) {
      const what = msg('errors.doing.updateQrCode');
      const path = `/api/qr/${pathId(qrId, 'QR code')}/update`;
      const body = await guarded(
        () =>
          unlessNotOffered(() => t.request({ method: 'PUT', path, body: qrBody(input), what }, options), {
            method: 'PUT',
            path,
            noun: 'qr',
            offering: 'qrUpdate',
          }),
        what,
      );
      const saved = parseAnswer(updated, body, what);
      await checkKept(qrId, input, options);
      return { id: saved.id || qrId, link: saved.link, message: saved.message };
    },
    async delete(qrId, options) {
      const what = msg('errors.doing.deleteQrCode');
      const path = `/api/qr/${pathId(qrId, 'QR code')}/delete`;
      const body = await guarded(
        () =>
          unlessNotOffered(() => t.request({ method: 'DELETE', path, what }, options), {
            method: 'DELETE',
            path,
            noun: 'qr',
            offering: 'qrDelete',
          }),
        what,
      );
      return parseAnswer(confirmation, body, what);
    },
  };
  return api;
}
