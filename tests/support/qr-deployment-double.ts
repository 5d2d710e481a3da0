import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, sendJson } from './loopback-double.js';

/*
 * A scripted deployment of the QR endpoints (issue 31) for the client's tests, behaving as the
 * issue reads the 6.1.4, 6.2.1.1, 6.8.2, 7.2, 7.6 and 7.6.3 controllers (the controllers were not
 * found by the code search; a public copy of their QR helper was, and its words are used here:
 * "Please enter a valid url.", "Invalid phone number. Please try again."):
 * - a payload the QR helper refuses is an HTML 500 page, not JSON;
 * - 6.1 has no update handler (the site's HTML 404 page), and its lists say `title` for `name`;
 * - 6.1 and 6.2 take an update but keep the type and the name;
 * - 7.6.3 answers a key without the QR permission `{"error": true, "message": …}` with HTTP 200;
 * - create can be limited ("You have reached your limit.") and can drop its answer after
 *   making the code (a lost answer); channels take QR codes from 6.8;
 * - the single answer's `details.data` is the created date, and nothing says what a code holds.
 * It answers `GET /api/account` (the app's probe) and nothing else of the API.
 */

export type QrVersion = '6.1' | '6.2' | '6.8' | '7.6' | '7.6.3';

export type LostAnswer = 'reset' | 'empty-200' | 'html-502';

export interface QrDoubleOptions {
  version: QrVersion;
  /** 7.6.3: the key lacks the QR permission. */
  noPermission?: boolean;
  /** Creates allowed before "You have reached your limit.". */
  limit?: number;
}

export interface QrRecord {
  id: number;
  type: string;
  name: string;
  data: unknown;
  date: string;
  scans: number;
  channel: number | null;
}

export interface QrRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface QrDeploymentDouble {
  readonly url: string;
  readonly key: string;
  readonly qrs: QrRecord[];
  readonly requests: QrRequest[];
  /**
   * The next create's answer is lost: the connection reset, an empty HTTP 200, or a proxy's
   * HTML 502. `made`: whether the code was made before (default) or the failure came first.
   */
  loseNextAnswer(how: LostAnswer, made?: boolean): void;
  seed(fields: Partial<QrRecord> & { name: string; type: string }): QrRecord;
  calls(): string[];
  close(): Promise<void>;
}

const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>404</h1></body></html>';
const ERROR_PAGE = (words: string) =>
  `<!DOCTYPE html><html><head><title>Error</title></head><body><h1>An error occurred</h1><p>${words}</p></body></html>`;

const after = (v: QrVersion, than: QrVersion) => {
  const order: QrVersion[] = ['6.1', '6.2', '6.8', '7.6', '7.6.3'];
  return order.indexOf(v) >= order.indexOf(than);
};

/** The QR helper's checks (from the public copy of Helpers/QR.php), thrown as its words. */
function helperCheck(type: string, data: unknown): string | null {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (type === 'link' && !/^https?:\/\/\S+\.\S+/.test(String(data ?? ''))) return 'Please enter a valid url.';
  if (type === 'phone' && !/^\+?\d+$/.test(String(data ?? ''))) return 'Invalid phone number. Please try again.';
  if ((type === 'sms' || type === 'smsonly') && !/^\d+$/.test(String(d['phone'] ?? ''))) {
    return 'Invalid phone number. Please try again.';
  }
  if (type === 'wifi' && !d['ssid']) return 'Please enter the Wifi SSID';
  if (type === 'text' && !String(data ?? '')) return 'QR data cannot be empty. Please fill the appropriate field.';
  return null;
}

export async function startQrDeploymentDouble(options: QrDoubleOptions): Promise<QrDeploymentDouble> {
  const key = 'qr-double-key';
  const qrs: QrRecord[] = [];
  const requests: QrRequest[] = [];
  let nextId = 0;
  const lost: { how: LostAnswer; made: boolean }[] = [];
  let url = '';
  const date = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

  const make = (fields: Partial<QrRecord> & { name: string; type: string }): QrRecord => {
    const qr: QrRecord = { id: ++nextId, data: '', date: date(), scans: 0, channel: null, ...fields };
    qrs.push(qr);
    return qr;
  };

  function sendHtml(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  }

  const item = (q: QrRecord) =>
    options.version === '6.1'
      ? { id: q.id, title: q.name, link: `${url}/qr/a${q.id}`, scans: q.scans, date: q.date }
      : { id: q.id, name: q.name, link: `${url}/qr/a${q.id}`, scans: q.scans, date: q.date };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const address = new URL(req.url ?? '/', url);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = (text.trim() ? JSON.parse(text) : {}) as Record<string, unknown>;
    const method = req.method ?? 'GET';
    const path = address.pathname;
    requests.push({ method, path, body });
    if (req.headers.authorization !== `Bearer ${key}`) return sendJson(res, 401, { error: 1, message: 'A valid API key is required.' });

    if (method === 'GET' && path === '/api/account') {
      return sendJson(res, 200, {
        error: 0,
        data: { id: 1, email: 'someone@example.com', username: 'someone', avatar: '', status: 'pro', expires: null, registered: '2024-01-01 00:00:00' },
      });
    }
    if (!path.startsWith('/api/qr') && !path.startsWith('/api/channel')) return sendHtml(res, 404, NOT_FOUND_PAGE);
    if (options.noPermission && path.startsWith('/api/qr')) {
      // 7.6.3: a key without the permission gets an error flag with HTTP 200.
      return sendJson(res, 200, { error: true, message: 'You do not have permission to access this endpoint.' });
    }

    if (method === 'GET' && path === '/api/qr') {
      const limit = Math.max(1, Number(address.searchParams.get('limit') ?? 15) || 15);
      const page = Math.max(1, Number(address.searchParams.get('page') ?? 1) || 1);
      const items = [...qrs].reverse();
      const maxpage = Math.max(1, Math.ceil(items.length / limit));
      return sendJson(res, 200, {
        error: '0',
        data: { result: items.length, perpage: limit, currentpage: page, nextpage: page < maxpage ? page + 1 : 0, maxpage, qrs: items.slice((page - 1) * limit, page * limit).map(item) },
      });
    }
    const one = /^\/api\/qr\/(\d+)(\/update|\/delete)?$/.exec(path);
    if (method === 'POST' && path === '/api/qr/add') {
      if (options.limit !== undefined && qrs.length >= options.limit) return sendJson(res, 200, { error: 1, message: 'You have reached your limit.' });
      const type = String(body['type'] ?? '');
      if (['crypto', 'file', 'application'].includes(type) || !type) return sendJson(res, 200, { error: 1, message: 'Invalid QR format or missing data' });
      const refused = helperCheck(type, body['data']);
      if (refused) return sendHtml(res, 500, ERROR_PAGE(refused));
      const fault = lost.shift();
      const qr = fault && !fault.made ? null : make({ type, name: String(body['name'] ?? ''), data: body['data'] });
      if (fault?.how === 'reset') {
        req.socket.destroy();
        return;
      }
      if (fault?.how === 'empty-200') {
        res.writeHead(200, { 'Content-Length': '0' });
        res.end();
        return;
      }
      if (fault?.how === 'html-502') {
        return sendHtml(res, 502, '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>');
      }
      if (!qr) throw new Error('unreachable: a code is made unless a fault says otherwise');
      return sendJson(res, 200, { error: 0, id: qr.id, link: `${url}/qr/a${qr.id}` });
    }
    if (one) {
      const qr = qrs.find((q) => q.id === Number(one[1]));
      if (one[2] === '/update' && method === 'PUT') {
        if (options.version === '6.1') return sendHtml(res, 404, NOT_FOUND_PAGE);
        if (!qr) return sendJson(res, 404, { error: 1, message: 'QR does not exist.' });
        const type = after(options.version, '6.8') && typeof body['type'] === 'string' ? body['type'] : qr.type;
        if (body['data'] !== undefined) {
          const refused = helperCheck(type, body['data']);
          if (refused) return sendHtml(res, 500, ERROR_PAGE(refused));
          qr.data = body['data'];
        }
        qr.type = type;
        if (after(options.version, '6.8') && typeof body['name'] === 'string') qr.name = body['name'];
        return sendJson(res, 200, { error: 0, message: 'QR has been updated successfully.' });
      }
      if (one[2] === '/delete' && method === 'DELETE') {
        if (!qr) return sendJson(res, 404, { error: 1, message: 'QR does not exist.' });
        qrs.splice(qrs.indexOf(qr), 1);
        return sendJson(res, 200, { error: 0, message: 'QR has been deleted successfully.' });
      }
      if (!one[2] && method === 'GET') {
        if (!qr) return sendJson(res, 404, { error: 1, message: 'QR does not exist.' });
        return sendJson(res, 200, {
          error: 0,
          details: { id: qr.id, type: qr.type, name: qr.name, link: `${url}/qr/a${qr.id}`, scans: qr.scans, data: qr.date },
          data: { clicks: qr.scans, uniqueClicks: qr.scans, topCountries: 0, topReferrers: 0, topBrowsers: 0, topOs: 0, socialCount: 0 },
        });
      }
    }
    const assign = method === 'POST' ? /^\/api\/channel\/(\d+)\/assign\/qr\/(\d+)$/.exec(path) : null;
    if (assign && after(options.version, '6.8')) {
      const qr = qrs.find((q) => q.id === Number(assign[2]));
      if (!qr) return sendJson(res, 404, { error: 1, message: 'Item does not exist.' });
      qr.channel = Number(assign[1]);
      return sendJson(res, 200, { error: 0, message: 'Item has been added to the channel.' });
    }
    return sendHtml(res, 404, NOT_FOUND_PAGE);
  }

  const server = await listenOnLoopback(handle);
  url = server.url;

  return {
    url,
    key,
    qrs,
    requests,
    loseNextAnswer(how, made = true) {
      lost.push({ how, made });
    },
    seed: make,
    calls: () => requests.map((r) => `${r.method} ${r.path}`),
    async close() {
      await server.close();
    },
  };
}
