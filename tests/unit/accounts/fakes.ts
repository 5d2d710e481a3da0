import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  LocalServiceHandle,
  StartLocalService,
  VerifiedAccount,
  VerifyAccount,
} from '../../../electron/backend/accounts/index.js';
import type { Logger } from '../../../electron/backend/secrets/index.js';

export function tempDir(prefix = 'linkdeck-accounts-'): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** A logger that keeps every line, to search them for secrets. */
export function capturingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`) };
}

/** An error shaped like Node's fetch failure for a refused connection. */
export function connectionRefused(): TypeError {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
    code: 'ECONNREFUSED',
    errno: -111,
  });
  return new TypeError('fetch failed', { cause });
}

/**
 * A scripted service: each base URL has its accepted keys; unknown hosts are unreachable.
 * Its errors deliberately echo the key, like a careless API client might, so tests can check
 * that the accounts layer never passes that on.
 */
export function fakeVerify(servers: Record<string, { keys: string[]; authScheme?: 'Token' }>) {
  const calls: Array<{ baseUrl: string }> = [];
  const verify: VerifyAccount = async (baseUrl, apiKey): Promise<VerifiedAccount> => {
    calls.push({ baseUrl });
    const server = servers[baseUrl];
    if (!server) throw connectionRefused();
    if (!server.keys.includes(apiKey)) {
      throw Object.assign(new Error(`HTTP 401 for key ${apiKey}`), {
        code: 'unauthorized',
        status: 401,
      });
    }
    return {
      email: 'me@example.com',
      username: 'me',
      ...(server.authScheme ? { authScheme: server.authScheme } : {}),
    };
  };
  return { verify, calls };
}

/**
 * Stands in for startService: the first start in a directory "creates the database" (a marker
 * file) and answers with a first API key; later starts do not. Ports come from a counter
 * unless one is asked for.
 */
export function fakeLocalService(options: { busyPorts?: number[]; firstPort?: number } = {}) {
  let nextPort = options.firstPort ?? 41000;
  const starts: Array<{ dataDir: string; port?: number }> = [];
  const running = new Set<LocalServiceHandle>();
  let keyCount = 0;
  const keys: string[] = [];
  const start: StartLocalService = async ({ dataDir, port }) => {
    starts.push({ dataDir, ...(port ? { port } : {}) });
    if (port && options.busyPorts?.includes(port)) {
      throw Object.assign(
        new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`),
        { code: 'EADDRINUSE' },
      );
    }
    mkdirSync(dataDir, { recursive: true });
    const marker = join(dataDir, 'db.sqlite');
    let firstApiKey: string | undefined;
    if (!existsSync(marker)) {
      firstApiKey = `local-key-${++keyCount}-${'x'.repeat(20)}`;
      keys.push(firstApiKey);
      writeFileSync(marker, JSON.stringify({ key: firstApiKey }));
    }
    const handle: LocalServiceHandle = {
      url: `http://127.0.0.1:${port ?? nextPort++}`,
      ...(firstApiKey ? { firstApiKey } : {}),
      close: async () => {
        running.delete(handle);
      },
    };
    running.add(handle);
    return handle;
  };
  /** What a real recoverLocalKey reads from the workspace's database. */
  const recover = async (dir: string) => {
    const marker = join(dir, 'db.sqlite');
    return existsSync(marker)
      ? (JSON.parse(readFileSync(marker, 'utf8')) as { key: string }).key
      : null;
  };
  return { start, starts, running, keys, recover };
}

/** Every file under dir, with its content, except the ones `skip` names. */
export function filesUnder(
  dir: string,
  skip: (path: string) => boolean = () => false,
): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  for (const entry of readdirSync(dir, { recursive: true })) {
    const path = join(dir, String(entry));
    if (statSync(path).isFile() && !skip(path))
      out.push({ path, text: readFileSync(path, 'latin1') });
  }
  return out;
}
