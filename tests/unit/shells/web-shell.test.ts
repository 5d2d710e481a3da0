import { request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../electron/shared/contract.js';
import { webContentSecurityPolicy } from '../../../electron/web/csp.js';
import { startWebShell, type WebShell } from '../../../electron/web/web-shell.js';
import { WebSocket } from 'ws';
import { fakeBackend } from './fake-backend.js';

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
  json: unknown;
}

let shell: WebShell;
let fake: ReturnType<typeof fakeBackend>;
let rendererDir: string;
let hostHeader: string;

function call(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(path, shell.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers: { Host: hostHeader, ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const rpc = (channel: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`/rpc/${channel}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${shell.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'linkdeck-web-shell-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(
    join(rendererDir, 'index.html'),
    `<!doctype html><html><head><meta charset="UTF-8" /><meta http-equiv="Content-Security-Policy" content="connect-src 'none'" /><script type="module" crossorigin src="./assets/app.js"></script></head><body><div id="app"></div></body></html>`,
  );
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(tmpdir(), 'linkdeck-web-shell-secret.txt'), 'secret');
  fake = fakeBackend();
  shell = await startWebShell({ backend: fake.backend, rendererDir });
  hostHeader = new URL(shell.origin).host;
});

afterAll(async () => {
  await shell?.close();
  rmSync(rendererDir, { recursive: true, force: true });
  rmSync(join(tmpdir(), 'linkdeck-web-shell-secret.txt'), { force: true });
});

beforeEach(() => {
  fake.dispatch.mockClear();
  hostHeader = new URL(shell.origin).host;
});

describe('the web shell address', () => {
  it('listens on 127.0.0.1 and carries a 32-byte random token in the fragment', () => {
    expect(shell.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(shell.url).toBe(`${shell.origin}/#token=${shell.token}`);
    expect(Buffer.from(shell.token, 'base64url')).toHaveLength(32);
  });

  it('refuses to listen anywhere but loopback', async () => {
    await expect(
      startWebShell({ backend: fake.backend, rendererDir, host: '0.0.0.0' as '127.0.0.1' }),
    ).rejects.toThrow(/loopback/);
  });
});

describe('calls', () => {
  it('dispatches a call with the right token and returns the envelope', async () => {
    const answer = await rpc('links:get', { id: 7 });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true, value: { channel: 'links:get', arg: { id: 7 } } });
    expect(fake.dispatch).toHaveBeenCalledExactlyOnceWith('links:get', { id: 7 });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('dispatches a call without a body with no argument', async () => {
    const answer = await rpc('app:info', undefined);
    expect(answer.status).toBe(200);
    expect(fake.dispatch).toHaveBeenCalledExactlyOnceWith('app:info', undefined);
  });

  it('returns the error envelope of the router as it is', async () => {
    fake.dispatch.mockResolvedValueOnce({
      ok: false,
      error: { code: 'not-found', message: 'No link 9.' },
    });
    const answer = await rpc('links:get', { id: 9 });
    expect(answer.json).toEqual({ ok: false, error: { code: 'not-found', message: 'No link 9.' } });
  });

  it('refuses a call without a token, dispatching nothing', async () => {
    const answer = await call('/rpc/links:get', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"id":1}',
    });
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(fake.dispatch).not.toHaveBeenCalled();
  });

  it('refuses a call with a wrong token, dispatching nothing', async () => {
    const wrong = shell.token.slice(0, -1) + (shell.token.endsWith('A') ? 'B' : 'A');
    for (const authorization of [
      `Bearer ${wrong}`,
      `Bearer ${shell.token}x`,
      `Basic ${shell.token}`,
      shell.token,
    ]) {
      const answer = await rpc('links:get', { id: 1 }, { Authorization: authorization });
      expect(answer.status).toBe(401);
    }
    expect(fake.dispatch).not.toHaveBeenCalled();
  });

  it('refuses a request naming another host (DNS rebinding), dispatching nothing', async () => {
    const port = new URL(shell.origin).port;
    for (const host of [`evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, 'evil.example']) {
      hostHeader = host;
      const answer = await rpc('links:get', { id: 1 });
      expect(answer.status).toBe(403);
      expect(answer.json).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    expect(fake.dispatch).not.toHaveBeenCalled();
  });

  it('accepts localhost as our host too', async () => {
    hostHeader = `localhost:${new URL(shell.origin).port}`;
    const answer = await rpc(
      'links:get',
      { id: 1 },
      { Origin: `http://localhost:${new URL(shell.origin).port}` },
    );
    expect(answer.status).toBe(200);
  });

  it('refuses a call from a foreign origin even with the token, dispatching nothing', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      `http://127.0.0.1:${Number(new URL(shell.origin).port) + 1}`,
    ]) {
      const answer = await rpc('links:delete', { id: 1 }, { Origin: origin });
      expect(answer.status).toBe(403);
    }
    expect(fake.dispatch).not.toHaveBeenCalled();
  });

  it('accepts our own origin', async () => {
    const answer = await rpc('links:delete', { id: 1 }, { Origin: shell.origin });
    expect(answer.status).toBe(200);
    expect(fake.dispatch).toHaveBeenCalledOnce();
  });

  it('answers 404 for a channel outside the contract', async () => {
    const answer = await rpc('shell:exec', { cmd: 'rm -rf /' });
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(fake.dispatch).not.toHaveBeenCalled();
  });

  it('answers an invalid-input envelope for a body that is not JSON', async () => {
    const answer = await rpc('links:get', undefined, { 'Content-Type': 'application/json' });
    const broken = await call('/rpc/links:get', {
      method: 'POST',
      headers: { Authorization: `Bearer ${shell.token}`, 'Content-Type': 'application/json' },
      body: '{"id":',
    });
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(answer.status).toBe(400);
    expect(fake.dispatch).not.toHaveBeenCalled();
  });
});

describe('events', () => {
  function openStream(query: string): Promise<{
    res: IncomingMessage;
    next: (pattern: RegExp) => Promise<string>;
    close: () => void;
  }> {
    const url = new URL(`/events${query}`, shell.origin);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          headers: { Host: hostHeader, Accept: 'text/event-stream' },
        },
        (res) => {
          let buffer = '';
          let waiter: { pattern: RegExp; resolve: (text: string) => void } | null = null;
          const check = (): void => {
            if (waiter && waiter.pattern.test(buffer)) {
              const found = buffer;
              const done = waiter.resolve;
              waiter = null;
              done(found);
            }
          };
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            check();
          });
          resolve({
            res,
            next: (pattern) =>
              new Promise((r) => {
                waiter = { pattern, resolve: r };
                check();
              }),
            close: () => req.destroy(),
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  it('pushes a backend event to a subscribed page as SSE', async () => {
    const stream = await openStream(`?token=${shell.token}`);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toMatch(/^text\/event-stream/);
    await stream.next(/: connected/);
    fake.emit('budget:changed', {
      profileId: 'p1',
      limit: 30,
      remaining: 29,
      resetAt: 1,
      pausedUntil: null,
      inFlight: 0,
      queued: { user: 0, clipboard: 0, view: 0, background: 0 },
    });
    const text = await stream.next(/event: budget:changed\ndata: .*\n\n/);
    const data = /event: budget:changed\ndata: (.*)\n\n/.exec(text)?.[1] ?? '';
    expect(JSON.parse(data)).toMatchObject({ profileId: 'p1', remaining: 29 });
    stream.close();
  });

  it('refuses a stream without the right token, host or origin', async () => {
    const noToken = await call('/events');
    const wrongToken = await call('/events?token=nope');
    const foreign = await call(`/events?token=${shell.token}`, {
      headers: { Origin: 'https://evil.example' },
    });
    hostHeader = 'evil.example';
    const rebound = await call(`/events?token=${shell.token}`);
    expect([noToken.status, wrongToken.status, foreign.status, rebound.status]).toEqual([
      401, 401, 403, 403,
    ]);
  });
});

describe('the renderer files', () => {
  it('serves index.html with the bridge injected before the app, under the strict CSP', async () => {
    const answer = await call('/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-security-policy']).toBe(webContentSecurityPolicy());
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.text).toContain('<script src="/linkdeck-bridge.js"></script>');
    expect(answer.text.indexOf('/linkdeck-bridge.js')).toBeLessThan(
      answer.text.indexOf('./assets/app.js'),
    );
    expect(answer.text).not.toMatch(/http-equiv="Content-Security-Policy"/i);
  });

  it('serves the bridge script generated from the contract', async () => {
    const answer = await call('/linkdeck-bridge.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    for (const channel of CHANNELS) expect(answer.text).toContain(`"${channel}"`);
  });

  it('serves the assets with their type', async () => {
    const answer = await call('/assets/app.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.text).toBe('console.log("app")');
  });

  it('serves nothing outside the renderer directory', async () => {
    const name = 'linkdeck-web-shell-secret.txt';
    for (const path of [
      `/../${name}`,
      `/%2e%2e/${name}`,
      `/assets/..%2f..%2f${name}`,
      '/missing.js',
    ]) {
      const answer = await call(path);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('secret');
    }
  });

  it('refuses even the page to a rebound host name', async () => {
    hostHeader = 'evil.example';
    expect((await call('/')).status).toBe(403);
  });
});

describe('the renderer files, each read once', () => {
  it('serves the files index.html names from memory from the start, any file once read, and index.html as it is now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-web-shell-kept-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><script type="module" crossorigin src="./assets/first.js"></script><link rel="stylesheet" href="./assets/first.css"></head><body>one</body></html>');
    writeFileSync(join(dir, 'assets', 'first.js'), 'first()');
    writeFileSync(join(dir, 'assets', 'first.css'), 'body{}');
    writeFileSync(join(dir, 'assets', 'later.js'), 'later()');
    const own = await startWebShell({ backend: fake.backend, rendererDir: dir });
    const get = async (path: string) => {
      const answer = await fetch(new URL(path, own.origin));
      return { status: answer.status, text: await answer.text() };
    };
    try {
      // Never asked for before they left the disk: read as the shell started.
      rmSync(join(dir, 'assets', 'first.js'));
      rmSync(join(dir, 'assets', 'first.css'));
      expect(await get('/assets/first.js')).toEqual({ status: 200, text: 'first()' });
      expect(await get('/assets/first.css')).toEqual({ status: 200, text: 'body{}' });

      expect(await get('/assets/later.js')).toEqual({ status: 200, text: 'later()' });
      rmSync(join(dir, 'assets', 'later.js'));
      expect(await get('/assets/later.js')).toEqual({ status: 200, text: 'later()' });
      // Another spelling of the same file is the same file, not a second copy.
      expect(await get('/assets/%6Cater.js')).toEqual({ status: 200, text: 'later()' });

      // A rebuild writes a new index.html naming new files: the page is read at every request.
      writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body>two</body></html>');
      expect((await get('/')).text).toContain('two');
      expect((await get('/assets/missing.js')).status).toBe(404);
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the call socket', () => {
  const socketUrl = (token: string | null = shell.token) =>
    `${shell.origin.replace('http', 'ws')}/rpc-socket${token === null ? '' : `?token=${token}`}`;

  /** Opens a socket with these headers; resolves once open, rejects with the refusal's status. */
  const open = (headers: Record<string, string> = {}, token?: string | null) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(socketUrl(token), { headers: { Origin: shell.origin, ...headers } });
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
      ws.once('error', reject);
    });
  const answerOf = (ws: WebSocket) =>
    new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));

  it('answers a call with the router envelope under its id', async () => {
    const ws = await open();
    const answer = answerOf(ws);
    ws.send(JSON.stringify({ id: 7, channel: 'app:info', arg: undefined }));
    expect(await answer).toEqual({ id: 7, result: { ok: true, value: { channel: 'app:info', arg: undefined } } });
    expect(fake.dispatch).toHaveBeenCalledWith('app:info', undefined);
    ws.close();
  });

  it('ignores messages that are not calls, and still answers the next one', async () => {
    const ws = await open();
    const answer = answerOf(ws);
    ws.send('not json');
    ws.send(JSON.stringify({ channel: 'app:info' }));
    ws.send(JSON.stringify({ id: 'x', channel: 'app:info' }));
    ws.send(JSON.stringify({ id: 8, channel: 'profiles:list' }));
    expect(await answer).toMatchObject({ id: 8, result: { ok: true } });
    expect(fake.dispatch).toHaveBeenCalledTimes(1);
    ws.close();
  });

  it('refuses a socket without the token, with a wrong token, from another origin or for another host', async () => {
    await expect(open({}, null)).rejects.toThrow('401');
    await expect(open({}, 'B'.repeat(43))).rejects.toThrow('401');
    await expect(open({ Origin: 'https://evil.example' })).rejects.toThrow('403');
    await expect(open({ Host: 'evil.example' })).rejects.toThrow('403');
    expect(fake.dispatch).not.toHaveBeenCalled();
  });
});
