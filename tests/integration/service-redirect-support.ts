import { request } from 'node:http';
import type { TestService } from '../support/service.js';

/*
 * Helpers shared by the service-redirect*.test.ts files. Visits go through node:http rather
 * than fetch so a test controls every header a browser or proxy would send (Host for branded
 * domains, the country header, User-Agent) and the client's own address, and sees redirects
 * instead of following them.
 */

export const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
} as const;

export interface Visit {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  location: string | undefined;
  body: string;
}

export interface VisitOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded, as the password form does. */
  form?: Record<string, string>;
  /** The client's own address (any 127.x.y.z reaches the service on Linux). */
  localAddress?: string;
}

/** One request to the service outside /api, as a browser would make it. */
export function visit(s: TestService, path: string, opts: VisitOptions = {}): Promise<Visit> {
  const url = new URL(s.url);
  const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
  const headers: Record<string, string> = { ...opts.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: opts.method ?? (body !== undefined ? 'POST' : 'GET'),
        headers,
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, location: res.headers.location, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface CreatedLink {
  id: number;
  shorturl: string;
  /** The path of the short URL: `/<alias>`. */
  path: string;
}

/** Creates a link through the API (POST /api/url/add) and answers its id and path. */
export async function createLink(s: TestService, body: Record<string, unknown>): Promise<CreatedLink> {
  const r = await s.api<{ error: number; id: number; shorturl: string; message?: string }>('POST', '/api/url/add', body);
  if (r.status !== 200 || r.json.error !== 0) throw new Error(`creating ${JSON.stringify(body)} failed: ${r.status} ${r.text}`);
  return { id: r.json.id, shorturl: r.json.shorturl, path: new URL(r.json.shorturl).pathname };
}
