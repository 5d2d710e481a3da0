import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../../../electron/backend/api/transport.js';
import { toAppError } from '../../../electron/backend/app-error.js';
import { msg } from '../../../electron/shared/message-ref.js';
import { unwrap } from '../../../renderer/src/bridge.js';
import { errorText } from '../../../renderer/src/composables/error-text.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';

/*
 * Issue 44: a sentence the backend builds reaches the person in their language. The backend
 * throws from a real HTTP exchange; its error crosses the boundary as JSON (as over IPC or the
 * web shell) and the renderer shows the key and arguments through vue-i18n; `message` stays
 * English for logs and the command line's --json.
 */

let server: Server;
let pageUrl: string;
let closedUrl: string;

const listen = (s: Server) =>
  new Promise<number>((done) => s.listen(0, '127.0.0.1', () => done((s.address() as AddressInfo).port)));

beforeAll(async () => {
  // A web server without the API: its 404 page is what a wrong base URL answers.
  server = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<html><head><title>Seite nicht gefunden</title></head><body>404</body></html>');
  });
  pageUrl = `http://127.0.0.1:${await listen(server)}`;
  // A port nobody listens on: the connection is refused (ECONNREFUSED) for real.
  const gone = createServer();
  const port = await listen(gone);
  await new Promise<void>((done) => gone.close(() => done()));
  closedUrl = `http://127.0.0.1:${port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));
afterEach(() => setAppLocale('en'));

/** What the backend's router sends for a call that failed, read back as the renderer reads it. */
async function failedCall(baseUrl: string): Promise<unknown> {
  const transport = createTransport({ baseUrl, apiKey: () => 'a-key-of-the-test-0123456789', getAttempts: 1, timeoutMs: 10_000 });
  try {
    await transport.request({ method: 'GET', path: '/api/urls', what: msg('errors.doing.listLinks') });
  } catch (error) {
    const envelope = JSON.parse(JSON.stringify({ ok: false, error: toAppError(error) })) as unknown;
    try {
      unwrap(envelope);
    } catch (bridgeError) {
      return bridgeError;
    }
  }
  throw new Error('the call did not fail');
}

describe('an error sentence from the backend in the renderer', () => {
  it('reads in German: a refused connection, with what Linkdeck was doing said in German too', async () => {
    const error = await failedCall(closedUrl);
    const host = new URL(closedUrl).host;
    // The English words stay on the error for logs and --json.
    expect((error as Error).message).toBe(
      `The service at ${host} refused the connection (ECONNREFUSED, while listing links). It may be down, or the port in the base URL may be wrong.`,
    );
    setAppLocale('de');
    expect(errorText(error)).toBe(
      `Der Dienst unter ${host} hat die Verbindung abgelehnt (ECONNREFUSED, beim Abrufen der Links). Er ist womöglich nicht in Betrieb, oder der Port in der Basis-URL ist falsch.`,
    );
  });

  it('reads in French: a web page instead of the API, its title kept as the server wrote it', async () => {
    const error = await failedCall(pageUrl);
    expect((error as Error).message).toBe(
      'While listing links, the service failed with HTTP 404 Not Found and sent a web page ("Seite nicht gefunden"). There may be no link service API at this base URL.',
    );
    setAppLocale('fr');
    expect(errorText(error)).toBe(
      'Le service a échoué lors de la récupération des liens avec HTTP 404 Not Found et a envoyé une page web («\u202fSeite nicht gefunden\u202f»). Il n’y a peut-être aucune API de service de liens à cette URL de base.',
    );
    expect(errorText(error)).not.toMatch(/errors\.|While|listing/);
  });

  it('shows an error that carries no key in the words it came with', () => {
    setAppLocale('de');
    const envelope = { ok: false, error: { code: 'invalid-input', message: 'Alias already taken by another user.' } };
    let error: unknown;
    try {
      unwrap(envelope);
    } catch (e) {
      error = e;
    }
    expect(errorText(error)).toBe('Alias already taken by another user.');
  });

  it('shows the English words of a key this window does not know (a newer backend)', () => {
    setAppLocale('de');
    const envelope = { ok: false, error: { code: 'internal', message: 'Something new went wrong.', key: 'errors.notYetKnown' } };
    let error: unknown;
    try {
      unwrap(envelope);
    } catch (e) {
      error = e;
    }
    expect(errorText(error)).toBe('Something new went wrong.');
  });
});
