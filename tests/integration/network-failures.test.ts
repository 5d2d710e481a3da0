import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/backend/api/client.js';
import { ApiClientError } from '../../electron/backend/api/errors.js';
import { neverSent } from '../../electron/backend/api/transport.js';
import { chromiumFetch, type ChromiumFetch } from '../../electron/backend/net/chromium-fetch.js';
import { selfSignedCert } from '../support/self-signed-cert.js';

/*
 * Network failures at the HTTP level, through both implementations of the API client's fetch:
 * Node's (the web shell) against real sockets, and the desktop app's adapter on a stand-in for
 * Electron's net.fetch (the Electron binary cannot run here) that fails as Chromium does:
 * `Error('net::ERR_…')`, and "Redirect was cancelled" for a redirect it may not follow.
 */

/** Chromium's net error for each failure Node reports here. */
const CHROMIUM_FOR_NODE: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'ERR_CERT_AUTHORITY_INVALID',
  SELF_SIGNED_CERT_IN_CHAIN: 'ERR_CERT_AUTHORITY_INVALID',
  ECONNREFUSED: 'ERR_CONNECTION_REFUSED',
};

const chromiumLike: ChromiumFetch = async (input, init) => {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
    throw new Error(`net::${CHROMIUM_FOR_NODE[code] ?? 'ERR_FAILED'}`, { cause: error });
  }
  if (init?.redirect === 'manual' && response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new Error('Redirect was cancelled');
  }
  return response;
};

const IMPLEMENTATIONS: [string, typeof fetch][] = [
  ["Node's fetch (web shell)", globalThis.fetch],
  ['the net.fetch adapter (desktop app)', chromiumFetch(chromiumLike)],
];

async function failureOf(call: Promise<unknown>): Promise<ApiClientError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiClientError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail');
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const tls = selfSignedCert();
if ('skip' in tls)
  console.warn(`[network-failures] the self-signed certificate test is skipped: ${tls.skip}`);

describe.each(IMPLEMENTATIONS)('network failures through %s', (_name, fetchImpl) => {
  const clientFor = (baseUrl: string) =>
    createApiClient({ baseUrl, apiKey: () => 'test-key-123', fetch: fetchImpl, retryDelayMs: 0 });

  describe.skipIf('skip' in tls)('a service whose certificate this computer does not trust', () => {
    let server: Server;
    let port: number;
    let connections = 0;
    beforeAll(async () => {
      const { key, cert } = tls as { key: string; cert: string };
      server = createHttpsServer({ key, cert }, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"error":0,"data":{}}');
      });
      server.on('connection', () => connections++);
      port = await listen(server);
    });
    afterAll(() => close(server));

    it('says the certificate is not trusted, as offline, without retrying', async () => {
      const error = await failureOf(clientFor(`https://127.0.0.1:${port}`).account.get());
      expect(error.code).toBe('offline');
      expect(error.message).toMatch(
        new RegExp(
          `^The certificate of the service at 127\\.0\\.0\\.1:${port} is not trusted by this computer \\(`,
        ),
      );
      expect(error.message).toContain(
        'If your company inspects traffic, its root certificate must be installed in the system.',
      );
      expect(error.details).toMatchObject({
        network: { kind: 'certificate-untrusted', lasting: true },
      });
      expect(neverSent(error)).toBe(true);
      // One connection, its certificate refused by the client: no quick retry of a lasting failure.
      expect(connections).toBe(1);
    });
  });

  describe('a port that refuses connections', () => {
    let port: number;
    beforeAll(async () => {
      const server = createHttpServer();
      port = await listen(server);
      await close(server);
    });

    it('says the service refused the connection, as offline', async () => {
      const error = await failureOf(
        clientFor(`http://127.0.0.1:${port}`).links.create({ url: 'https://example.com' }),
      );
      expect(error.code).toBe('offline');
      expect(error.message).toMatch(
        new RegExp(
          `^The service at 127\\.0\\.0\\.1:${port} refused the connection \\((ECONNREFUSED|net::ERR_CONNECTION_REFUSED), while `,
        ),
      );
      expect(error.details).toMatchObject({ network: { kind: 'refused', lasting: false } });
      expect(neverSent(error)).toBe(true);
    });
  });

  describe('a service that redirects', () => {
    let server: Server;
    let port: number;
    let requests = 0;
    beforeAll(async () => {
      server = createHttpServer((_req, res) => {
        requests++;
        res.writeHead(301, { location: 'https://elsewhere.example.com/api/account' });
        res.end();
      });
      port = await listen(server);
    });
    afterAll(() => close(server));

    it('does not follow it (the key would go along) and says so, as a remote-error', async () => {
      const error = await failureOf(clientFor(`http://127.0.0.1:${port}`).account.get());
      expect(error.code).toBe('remote-error');
      expect(error.message).toMatch(/^The service redirected the request/);
      expect(error.message).toContain('change the base URL of this profile');
      expect(requests).toBeGreaterThan(0);
    });
  });
});
