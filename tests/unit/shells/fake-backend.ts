import { vi } from 'vitest';
import type { Backend, EventListener } from '../../../electron/backend/backend.js';
import type { Result } from '../../../electron/shared/contract.js';

/** A Backend whose router is a spy: the shells only ever call dispatch, subscribe and close. */
export function fakeBackend() {
  const listeners = new Set<EventListener>();
  const dispatch = vi.fn(async (channel: unknown, arg: unknown): Promise<Result<unknown>> => ({
    ok: true,
    value: { channel, arg },
  }));
  const backend: Backend = {
    router: { dispatch, channels: [] },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: vi.fn(async () => {}),
  };
  const emit: EventListener = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };
  return { backend, dispatch, emit, listenerCount: () => listeners.size };
}
