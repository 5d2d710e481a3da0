import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../../electron/backend/backend.js';
import { createRouter, type Handlers } from '../../../electron/backend/router.js';
import { CHANNELS } from '../../../electron/shared/contract.js';
import { startWebShell, type WebShell } from '../../../electron/web/web-shell.js';

// The web shell in front of the real router: what the browser sends must pass its schemas.
const handler = vi.fn(async (arg: unknown) => ({ received: arg ?? null }));
const handlers = Object.fromEntries(
  CHANNELS.map((channel) => [channel, handler]),
) as unknown as Handlers;
const backend: Backend = {
  router: createRouter(handlers),
  subscribe: () => () => {},
  close: async () => {},
};
let shell: WebShell;

const post = (channel: string, body?: unknown) =>
  fetch(`${shell.origin}/rpc/${channel}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${shell.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then((r) => r.json() as Promise<unknown>);

beforeAll(async () => {
  shell = await startWebShell({ backend, rendererDir: '/nonexistent' });
});
afterAll(() => shell.close());

describe('the web shell with the real router', () => {
  it('runs a channel without an argument when the body is empty', async () => {
    handler.mockClear();
    await expect(post('budget:state')).resolves.toEqual({ ok: true, value: { received: null } });
    expect(handler).toHaveBeenCalledOnce();
  });

  it('runs a channel with a valid argument', async () => {
    await expect(post('links:get', { id: 5 })).resolves.toEqual({
      ok: true,
      value: { received: { id: 5 } },
    });
  });

  it('answers invalid-input for an argument the schema refuses, without running the handler', async () => {
    handler.mockClear();
    await expect(post('links:get', { id: 'five', extra: true })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(handler).not.toHaveBeenCalled();
  });
});
