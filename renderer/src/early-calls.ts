import type { ChannelName, EventName } from '../../electron/shared/contract.js';

/**
 * Calls made as the app starts, before it mounts (main.ts): the answers travel while Vue creates
 * the first screen, instead of after it. The first `bridge.call` of the same channel with the same argument takes the answer (once);
 * nothing is ever answered from here twice.
 *
 * An early answer describes the moment it was read. Anything the backend pushes (a mirror
 * change, a profile switch) may make it old, so the first push event drops every answer not yet
 * taken, and the app ends the start (`endEarlyCalls`) once its first screen is up: a call made
 * later always goes to the backend.
 */
const early = new Map<string, Promise<unknown>>();
let ended = true;

/** The events after which an answer read before them may be old. */
const STALE_AFTER: readonly EventName[] = ['mirror:changed', 'profiles:changed'];

/** The same key for equal arguments whatever the order of their fields. */
function keyOf(channel: string, arg: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .filter((k) => record[k] !== undefined)
        .map((k) => [k, canonical(record[k])]),
    );
  };
  return `${channel} ${JSON.stringify(canonical(arg)) ?? ''}`;
}

/** Sends the calls at once; the bridge must already be installed (preload or web bridge script). */
export function startEarlyCalls(calls: ReadonlyArray<{ channel: ChannelName; arg?: unknown }>): void {
  const bridge = typeof window === 'undefined' ? undefined : window.linkdeck;
  endEarlyCalls();
  if (!bridge) return;
  ended = false;
  for (const { channel, arg } of calls) {
    const fn = bridge[channel] as unknown;
    if (typeof fn !== 'function') continue;
    let answer: Promise<unknown>;
    try {
      answer = Promise.resolve((fn as (a: unknown) => unknown).call(bridge, arg));
    } catch (error) {
      answer = Promise.reject(error);
    }
    // Not taken yet is not unhandled: bridge.call reads the failure when it takes the answer.
    answer.catch(() => undefined);
    early.set(keyOf(channel, arg), answer);
  }
  if (typeof bridge.on === 'function') {
    const offs = STALE_AFTER.map((event) => bridge.on(event, () => endEarlyCalls()));
    stopListening = () => offs.forEach((off) => typeof off === 'function' && off());
  }
}

let stopListening = (): void => {};

/** The early answer to this call, left for the app to take (the first rows' drawing reads it). */
export function peekEarlyAnswer(channel: ChannelName, arg: unknown): Promise<unknown> | undefined {
  return ended ? undefined : early.get(keyOf(channel, arg));
}

/** The early answer to this very call, if there is one not taken yet (removed as it is taken). */
export function takeEarlyAnswer(channel: ChannelName, arg: unknown): Promise<unknown> | undefined {
  if (ended || early.size === 0) return undefined;
  const key = keyOf(channel, arg);
  const answer = early.get(key);
  early.delete(key);
  return answer;
}

/** From now on every call goes to the backend. */
export function endEarlyCalls(): void {
  ended = true;
  early.clear();
  stopListening();
  stopListening = () => {};
}
