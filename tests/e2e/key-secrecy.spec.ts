import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { createBackend } from '../../electron/backend/create-backend.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import { startService } from '../../electron/service/start.js';
import { startWebShell } from '../../electron/web/web-shell.js';
import { expect, test } from '@playwright/test';
import { AppFrame } from './pages/app-frame.js';
import { rendererDir } from './fixtures.js';
import { SettingsPage } from './pages/settings-page.js';
import { WelcomePage } from './pages/welcome-page.js';


function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => statSync(f).isFile());
}

/**
 * A whole session through the real renderer, then a search for both API keys in everything
 * that crossed the contract (calls, answers, pushed events), in the page (DOM, storage, the V8
 * heap after garbage collection), in the backend's log and in every file the app wrote.
 */
test('the API keys appear nowhere: contract payloads, page memory, logs or files', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-e2e-keys-'));
  const remoteDir = mkdtempSync(join(tmpdir(), 'linkdeck-e2e-keys-remote-'));
  const remote = await startService({ dataDir: remoteDir, port: 0, rateLimit: 30, firstUserEmail: 'remote@example.com' });
  const remoteKey = remote.firstApiKey as string;
  const logLines: string[] = [];
  const secrets = new MemorySecretStore({ reason: 'e2e' });
  const backend = await createBackend({ dataDir, shell: 'web', appVersion: 'e2e', secrets, log: (m) => logLines.push(m) });
  const events: string[] = [];
  backend.subscribe((event, payload) => events.push(JSON.stringify({ event, payload })));
  const shell = await startWebShell({ backend, rendererDir });
  const calls: Array<{ channel: string; request: string; answer: Promise<string> }> = [];
  page.on('request', (request) => {
    const m = /\/rpc\/([^?]+)/.exec(request.url());
    if (!m) return;
    const channel = decodeURIComponent(m[1] as string);
    calls.push({ channel, request: request.postData() ?? '', answer: request.response().then((r) => r?.text() ?? '') });
  });
  // Most calls go over the web shell's call socket: each frame sent is a call, each received its answer.
  page.on('websocket', (socket) => {
    const answers = new Map<number, (text: string) => void>();
    socket.on('framesent', ({ payload }) => {
      const call = JSON.parse(String(payload)) as { id: number; channel: string };
      calls.push({ channel: call.channel, request: String(payload), answer: new Promise((resolve) => answers.set(call.id, resolve)) });
    });
    socket.on('framereceived', ({ payload }) => {
      const { id } = JSON.parse(String(payload)) as { id: number };
      answers.get(id)?.(String(payload));
    });
  });

  try {
    await page.goto(shell.url);
    await expect(page.locator('[data-app-state="ready"]')).toBeAttached();
    await new WelcomePage(page).useLocalWorkspace();
    const frame = new AppFrame(page);
    await expect(frame.root).toBeVisible();
    await frame.open('settings');
    const settings = new SettingsPage(page);
    const form = await settings.openConnectForm();
    await form.connect({ name: 'Remote', baseUrl: remote.url, apiKey: remoteKey });
    await expect(settings.currentMarker('Remote')).toBeVisible();
    await frame.open('account');
    await expect(page.getByTestId('account-email-value')).toHaveText('remote@example.com');
    await frame.open('links');
    await expect(page.getByTestId('resource-links')).toHaveAttribute('data-status', 'ready');

    // The workspace's database keeps only a hash: the key is read from the secret store.
    const { profiles } = JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as { profiles: { id: string; kind: string }[] };
    const localKey = (await secrets.get(profiles.find((p) => p.kind === 'local')?.id ?? '')) as string;
    expect(localKey).toBeTruthy();

    // The contract: the remote key goes in once (profiles:connect, typed by the user) and never
    // comes out; the local key never crosses at all.
    const answers = await Promise.all(calls.map((c) => c.answer));
    expect(calls.length).toBeGreaterThan(5);
    // The one call that carries a key was seen, so the checks below cover it.
    expect(calls.filter((c) => c.channel === 'profiles:connect' && c.request.includes(remoteKey))).toHaveLength(1);
    for (const [i, c] of calls.entries()) {
      expect(answers[i], `answer of ${c.channel}`).not.toContain(remoteKey);
      expect(answers[i], `answer of ${c.channel}`).not.toContain(localKey);
      expect(c.request, `call ${c.channel}`).not.toContain(localKey);
      if (c.channel !== 'profiles:connect') expect(c.request, `call ${c.channel}`).not.toContain(remoteKey);
    }
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e).not.toContain(remoteKey);
      expect(e).not.toContain(localKey);
    }

    // The page: DOM, storage and, after a garbage collection, the JavaScript heap.
    const pageText = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(pageText).not.toContain(remoteKey);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const chunks: string[] = [];
    cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    const heap = chunks.join('');
    expect(heap.length).toBeGreaterThan(100_000);
    expect(heap.includes(remoteKey), 'remote key in the renderer heap').toBe(false);
    expect(heap.includes(localKey), 'local key in the renderer heap').toBe(false);

    // Logs and files. The local workspace's own service database is the server side of that
    // workspace and holds its users' keys by design; nothing else may hold either key.
    for (const line of logLines) {
      expect(line).not.toContain(remoteKey);
      expect(line).not.toContain(localKey);
    }
    const serviceDb = join(dataDir, 'local-workspace') + sep;
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('profiles.json'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      expect(bytes.includes(remoteKey), file).toBe(false);
      if (!file.startsWith(serviceDb)) expect(bytes.includes(localKey), file).toBe(false);
    }
  } finally {
    await shell.close();
    await backend.close();
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(remoteDir, { recursive: true, force: true });
  }
});
