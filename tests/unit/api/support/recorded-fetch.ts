import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '../../../../electron/backend/api/client.js';
import type { TransportOptions } from '../../../../electron/backend/api/transport.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** A recorded answer body, byte for byte as the server sent it. */
export const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

export interface Recorded {
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
  /** Raw body text (a fixture, or inline). */
  body?: string;
}

export interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Step =
  | Recorded
  | ((request: SeenRequest, signal: AbortSignal | undefined) => Promise<Response> | Response);

export const TEST_KEY = 'sk_live_Zq81mX0pQ7rT2vW9';

/**
 * A fetch that answers the given recorded answers in order (the last one repeats), and keeps
 * every request it saw.
 */
export function recordedFetch(...steps: Step[]) {
  const seen: SeenRequest[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const request: SeenRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    seen.push(request);
    const step = steps[Math.min(seen.length - 1, steps.length - 1)];
    if (step === undefined) throw new Error('No answer scripted');
    if (typeof step === 'function') return step(request, init?.signal ?? undefined);
    const status = step.status ?? 200;
    const nullBody = status === 204 || status === 304;
    return new Response(nullBody ? null : (step.body ?? ''), {
      status,
      ...(step.statusText !== undefined ? { statusText: step.statusText } : {}),
      headers: { 'content-type': 'application/json', ...step.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

/** A client on a recorded fetch, with instant retries. */
export function clientWith(
  fetch: typeof globalThis.fetch,
  options: Partial<TransportOptions> = {},
): ApiClient {
  return createApiClient({
    baseUrl: 'https://short.example.com',
    apiKey: () => TEST_KEY,
    fetch,
    retryDelayMs: 0,
    ...options,
  });
}

/** Runs `call` and returns what it threw (fails the test if it did not throw). */
export async function failure(call: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await call;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('Expected the call to fail');
}
