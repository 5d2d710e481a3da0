import type { BudgetState } from '../../../electron/shared/contract.js';
import type { MirrorLink } from '../../../electron/shared/models.js';
import { CHANNELS, type ChannelName, type EventName, type LinkdeckBridge, type LinkdeckEvents, type Result } from '../../../electron/shared/contract.js';

type Answer = Result<unknown> | unknown;
type Responder = (arg: unknown) => Answer | Promise<Answer>;

export interface FakeBridge {
  bridge: LinkdeckBridge;
  /** Every call made, in order: channel and argument. */
  calls: Array<{ channel: ChannelName; arg: unknown }>;
  /** What a channel answers from now on: an envelope (or anything, to test malformed answers). */
  answer(channel: ChannelName, responder: Answer | Responder): void;
  /** Pushes an event to the page, as the shell would. */
  emit<E extends EventName>(event: E, payload: LinkdeckEvents[E]): void;
  callsTo(channel: ChannelName): unknown[];
  /**
   * Resolves with the argument of the first call to `channel` that `match` accepts, made already
   * or from now on. The page's own call is the signal to wait on when it comes after a frame, a
   * pause or code loaded on first use.
   */
  called(channel: ChannelName, match?: (arg: unknown) => boolean): Promise<unknown>;
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: string, message: string, details?: Record<string, unknown>) => ({ ok: false, error: { code, message, ...(details ? { details } : {}) } });

/**
 * A stand-in for window.linkdeck: the views are tested against the contract, not the backend.
 * Channels without an answer fail with an `internal` error so a forgotten stub shows up.
 */
export function installFakeBridge(): FakeBridge {
  const calls: FakeBridge['calls'] = [];
  const responders = new Map<ChannelName, Responder>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const waiters = new Set<{ channel: ChannelName; match: (arg: unknown) => boolean; resolve: (arg: unknown) => void }>();
  const bridge: Record<string, unknown> = {};
  for (const channel of CHANNELS) {
    bridge[channel] = async (arg: unknown) => {
      calls.push({ channel, arg });
      for (const waiter of waiters) {
        if (waiter.channel !== channel || !waiter.match(arg)) continue;
        waiters.delete(waiter);
        waiter.resolve(arg);
      }
      const responder = responders.get(channel);
      return responder ? await responder(arg) : fail('internal', `No fake answer for ${channel}.`);
    };
  }
  bridge['on'] = (event: EventName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  };
  const fake: FakeBridge = {
    bridge: bridge as unknown as LinkdeckBridge,
    calls,
    answer(channel, responder) {
      responders.set(channel, typeof responder === 'function' ? (responder as Responder) : () => responder);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.arg),
    called(channel, match = () => true) {
      const made = calls.find((c) => c.channel === channel && match(c.arg));
      if (made) return Promise.resolve(made.arg);
      return new Promise((resolve) => waiters.add({ channel, match, resolve }));
    },
  };
  window.linkdeck = fake.bridge;
  return fake;
}

export const localProfile = { id: 'p-local', name: 'Local workspace', baseUrl: 'http://127.0.0.1:4100', kind: 'local' as const, needsKey: false };
export const remoteProfile = { id: 'p-remote', name: 'Work', baseUrl: 'https://links.example.com', kind: 'remote' as const, needsKey: false };
export const keychainOk = { kind: 'keychain' as const, persistent: true };

/** A mirrored link with nothing special about it: each test sets the fields that matter to it. */
export function mirrorLink(over: Partial<MirrorLink> = {}): MirrorLink {
  return {
    id: 1, alias: 'abc', shortUrl: 'http://s/abc', longUrl: 'https://example.com/a', clicks: 0, title: '', description: '',
    date: '2025-01-01 10:00:00', pending: null, failed: null, opId: null, provisional: false, domain: 's', channelId: null,
    campaignId: null, status: null, passwordProtected: null, expiry: null, expired: null, unknown: [], detailsFetchedAt: null,
    ...over,
  };
}

/** The local profile's rate budget, with `remaining` of `limit` requests left and nothing queued. */
export const budgetOf = (remaining = 30, limit = 30): BudgetState => ({
  profileId: localProfile.id, limit, remaining, resetAt: 0, pausedUntil: null, inFlight: 0,
  queued: { user: 0, clipboard: 0, view: 0, background: 0 },
});
