import { exec, many } from '../database/store.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { hexText, parseColor } from '../../shared/qr-colors.js';
import { qrPayload } from '../../shared/qr-codes.js';
import { notifyLinkChanged, type ServiceContext } from '../context.js';
import { sendPage } from '../redirect/link-visit.js';
import { notFoundPage } from '../redirect/pages.js';
import { shortUrl } from '../urls.js';
import { findQrByAlias, hiddenTarget, type StoredQr } from './qr-store.js';

type AliasRequest = FastifyRequest<{ Params: { alias: string }; Querystring: { format?: string } }>;

/** What the image encodes: the hidden short link of a dynamic code, else the payload itself. */
export function encodedText(ctx: ServiceContext, qr: StoredQr): string | null {
  if (qr.linkAlias !== null) return shortUrl(ctx, qr.linkAlias);
  const checked = qrPayload(qr.type, qr.data);
  return checked.ok ? checked.payload : null;
}

const hex = (rgb: string, fallback: string) => {
  const c = parseColor(rgb);
  return c ? hexText(c) : fallback;
};

/**
 * The public QR addresses, outside /api and without a key, as on deployments:
 *   - `/qr/<alias>`: the image (SVG, as 7.x serves it; `?format=png` gives a 400 px PNG as 6.x
 *     served). The logo is stored but not drawn here: 7.6 draws it only for plans that allow it,
 *     and fetching a user-given address from the service needs the private-address guard the
 *     service does not have yet (the app's designer draws a local logo file into exports).
 *   - `/qr/<alias>/file`: what a dynamic vCard or event code's hidden link leads to (a .vcf or
 *     .ics download).
 * A scan is counted by the hidden short link (an ordinary redirect), never here: fetching the
 * image to show or print it is not a scan.
 */
export function registerQrImageRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.get('/qr/:alias', async (request: AliasRequest, reply: FastifyReply) => {
    const qr = await ctx.store.do(findQrByAlias(request.params.alias));
    const text = qr ? encodedText(ctx, qr) : null;
    if (!qr || text === null) return sendPage(reply, notFoundPage());
    const color = { dark: hex(qr.foreground, '#000000'), light: hex(qr.background, '#ffffff') };
    reply.header('cache-control', 'no-cache');
    if (request.query.format === 'png') {
      const png = await QRCode.toBuffer(text, { type: 'png', width: 400, margin: 2, color, errorCorrectionLevel: 'M' });
      return reply.type('image/png').send(png);
    }
    const svg = await QRCode.toString(text, { type: 'svg', margin: 2, color, errorCorrectionLevel: 'M' });
    return reply.type('image/svg+xml').send(svg);
  });

  app.get('/qr/:alias/file', async (request: AliasRequest, reply: FastifyReply) => {
    const qr = await ctx.store.do(findQrByAlias(request.params.alias));
    if (!qr || (qr.type !== 'vcard' && qr.type !== 'event')) return sendPage(reply, notFoundPage());
    const checked = qrPayload(qr.type, qr.data);
    if (!checked.ok) return sendPage(reply, notFoundPage());
    const [ext, mime] = qr.type === 'vcard' ? ['vcf', 'text/vcard'] : ['ics', 'text/calendar'];
    const file = `${(qr.name || qr.alias).replace(/[^\w.-]+/g, '-').slice(0, 80) || 'qr'}.${ext}`;
    return reply
      .type(`${mime}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(checked.payload);
  });
}

/**
 * The service's address can change between runs (another port): the hidden links of vCard and
 * event codes, which lead to this service's own /qr/<alias>/file, follow it. Called once the
 * service knows its address.
 */
export async function retargetQrFiles(ctx: ServiceContext): Promise<void> {
  const rows = await many<{ alias: string; type: 'vcard' | 'event'; link_id: number; long_url: string }>(
    ctx.store,
    `SELECT q.alias, q.type, l.id AS link_id, l.long_url FROM qr_codes q JOIN links l ON l.id = q.link_id
       WHERE q.type IN ('vcard', 'event')`,
  );
  for (const row of rows) {
    const target = hiddenTarget(ctx, row.type, '', row.alias);
    if (target === row.long_url) continue;
    await exec(ctx.store, 'UPDATE links SET long_url = ? WHERE id = ?', target, row.link_id);
    notifyLinkChanged(ctx, row.link_id);
  }
}
