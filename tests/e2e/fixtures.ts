import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { createBackend } from '../../electron/backend/create-backend.js';
import type { Backend } from '../../electron/backend/backend.js';
import { MemorySecretStore } from '../../electron/backend/secrets/index.js';
import { startService } from '../../electron/service/start.js';
import { startWebShell, type WebShell } from '../../electron/web/web-shell.js';

/**
 * The built renderer: `npm test` builds it before the end-to-end step (LINKDECK_RENDERER_DIR
 * points elsewhere when several builds run side by side).
 */
export const rendererDir = process.env['LINKDECK_RENDERER_DIR'] ?? resolve(import.meta.dirname, '../../out/renderer');

/** Linkdeck running in this worker: a backend on its own data dir, behind the web shell. */
export interface RunningApp {
  page: Page;
  dataDir: string;
  backend: Backend;
  shell: WebShell;
  /** The run's keychain (keys in memory): a test can take a profile's key away to make it ask again. */
  secrets: MemorySecretStore;
}

/** A second, separate link service: the "remote" service a profile connects to. */
export interface RemoteService {
  url: string;
  apiKey: string;
  email: string;
  /** Resolves once the clicks of every visit answered so far are written (they go in batches). */
  clicksWritten(): Promise<void>;
}

export const REMOTE_EMAIL = 'remote@example.com';
export const KEYCHAIN_REASON = 'End-to-end tests keep keys in memory: no keychain is used.';
/**
 * The same test text in German, for runs in German (locale `de…`), which must show no English word
 * (issue 44): they are given a German reason rather than hiding the banner, so they still see it as
 * a person without a keychain does. Other languages keep the English one (no spec checks their words).
 */
export const KEYCHAIN_REASON_DE = 'Die Prüfläufe halten Schlüssel nur im Speicher: kein Schlüsselbund im Einsatz.';

/** The keychain reason a run in `locale` shows. */
export function keychainReason(locale: string | undefined): string {
  return locale?.toLowerCase().startsWith('de') ? KEYCHAIN_REASON_DE : KEYCHAIN_REASON;
}

/**
 * A link service of the test's own, without a rate limit (the app's syncs and the test's checks
 * would otherwise share a small budget), called directly with its key to check what it stored.
 */
export interface CheckedService {
  url: string;
  apiKey: string;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  /** Like api, but the call must succeed; answers its JSON. */
  ok(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
}

export const test = base.extend<{ app: RunningApp; remoteService: RemoteService; service: CheckedService }>({
  app: async ({ page, locale }, use) => {
    if (!existsSync(join(rendererDir, 'index.html'))) {
      throw new Error(`No built renderer in ${rendererDir}: run "npx electron-vite build" first.`);
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-e2e-'));
    // An in-memory secret store: a worker has no D-Bus session, and probing for one only waits.
    const secrets = new MemorySecretStore({ reason: keychainReason(locale) });
    const backend = await createBackend({
      dataDir,
      shell: 'web',
      appVersion: 'e2e',
      secrets,
      log: process.env['E2E_LOG'] ? (m: string) => console.error(m) : () => {},
    });
    const shell = await startWebShell({ backend, rendererDir });
    try {
      await page.goto(shell.url);
      await expect(page.locator('[data-app-state="ready"]')).toBeAttached();
      await use({ page, dataDir, backend, shell, secrets });
    } finally {
      await shell.close();
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },

  // Playwright reads a fixture's dependencies from this destructuring: it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  remoteService: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-e2e-remote-'));
    // The spec's default limit, so the budget meter has a real budget to show for this profile.
    const service = await startService({ dataDir, port: 0, rateLimit: 30, firstUserEmail: REMOTE_EMAIL });
    try {
      if (!service.firstApiKey) throw new Error('The remote service did not create its first user.');
      await use({ url: service.url, apiKey: service.firstApiKey, email: REMOTE_EMAIL, clicksWritten: () => service.flushClicks() });
    } finally {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },

  // eslint-disable-next-line no-empty-pattern
  service: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-e2e-service-'));
    const service = await startService({ dataDir, port: 0, rateLimit: 0, firstUserEmail: 'checked@example.com' });
    try {
      const apiKey = service.firstApiKey;
      if (!apiKey) throw new Error('The link service did not create its first user.');
      const api = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${service.url}${path}`, {
          method,
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: res.status, json: (await res.json()) as Record<string, unknown> };
      };
      const ok = async (method: string, path: string, body?: unknown) => {
        const { status, json } = await api(method, path, body);
        if (status >= 400 || json['error'] !== 0) throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(json)}`);
        return json;
      };
      await use({ url: service.url, apiKey, api, ok });
    } finally {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});

export { expect };
