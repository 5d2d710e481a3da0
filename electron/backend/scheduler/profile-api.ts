import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../api/client.js';
import type { CallOptions } from '../api/transport.js';
import type { Priority, Scheduler } from './scheduler.js';

/** Per-call options of the scheduled API: the client's options plus a priority. */
export interface ScheduledOptions {
  /** Default: 'user' for changes and for opening one link, 'view' for other reads. */
  priority?: Priority;
  /** Cancels the call: it leaves the queue, or its request is aborted in flight. */
  signal?: AbortSignal;
  /** For POSTs: the Idempotency-Key (the outbox passes a stored one). A new uuid otherwise. */
  idempotencyKey?: string;
  /**
   * Called when the queue lets the call out, just before its request is made (again if a rate
   * limit put it back in the queue): until then it can be cancelled without having reached the
   * service. The outbox marks an operation "on the wire" here. A throw stops the request.
   */
  onSend?: () => void;
}

/** A client method `(…args, options?: CallOptions)` as `(…args, options?: ScheduledOptions)`. */
type Scheduled<F> = F extends (
  ...args: [...infer A, (CallOptions | undefined)?]
) => Promise<infer R>
  ? (...args: [...A, ScheduledOptions?]) => Promise<R>
  : never;

type GroupName =
  'links' | 'account' | 'channels' | 'campaigns' | 'domains' | 'pixels' | 'qrs' | 'overlays' | 'splash' | 'clicks';
type Group<G extends GroupName> = ApiClient[G];
type MethodName<G extends GroupName> = keyof Group<G> & string;

export type ProfileApi = {
  readonly [G in GroupName]: { readonly [M in keyof Group<G>]: Scheduled<Group<G>[M]> };
} & {
  readonly scheduler: Scheduler;
  /** Stops feeding rate facts to the scheduler and closes it. */
  close(): void;
};

/** Number of arguments before the options, computed from the method's type. */
type Arity<F> = F extends (...args: infer P) => unknown
  ? Required<P> extends [...infer A, unknown]
    ? A['length']
    : never
  : never;

/** 'read': coalesced, 'view' by default; 'open': a read a person asked for, 'user' by default; 'write': 'user', never coalesced. */
type Kind = 'read' | 'open' | 'write';

const DEFAULT_PRIORITY: Record<Kind, Priority> = { read: 'view', open: 'user', write: 'user' };

/**
 * Every method of the client: how many arguments precede its options, and its kind. The
 * compiler rejects a missing method or a wrong arity.
 */
const METHODS: { [G in GroupName]: { [M in MethodName<G>]: readonly [Arity<Group<G>[M]>, Kind] } } =
  {
    links: {
      list: [1, 'read'],
      getByShort: [1, 'read'],
      get: [1, 'open'],
      create: [1, 'write'],
      update: [2, 'write'],
      delete: [1, 'write'],
    },
    account: { get: [0, 'read'], update: [1, 'write'] },
    channels: {
      list: [1, 'read'],
      items: [2, 'read'],
      create: [1, 'write'],
      assign: [3, 'write'],
      update: [2, 'write'],
      delete: [1, 'write'],
    },
    campaigns: {
      list: [1, 'read'],
      create: [1, 'write'],
      assign: [2, 'write'],
      update: [2, 'write'],
      delete: [1, 'write'],
    },
    domains: {
      list: [1, 'read'],
      create: [1, 'write'],
      update: [2, 'write'],
      delete: [1, 'write'],
    },
    pixels: { list: [1, 'read'], create: [1, 'write'], update: [2, 'write'], delete: [1, 'write'] },
    qrs: { list: [1, 'read'], get: [1, 'open'], create: [1, 'write'], update: [2, 'write'], delete: [1, 'write'] },
    overlays: { list: [1, 'read'] },
    splash: { list: [1, 'read'] },
    clicks: { timeline: [1, 'read'] },
  };

/** Arguments as a stable text, so that `{page: 1, limit: 5}` and `{limit: 5, page: 1}` coalesce. */
function stableKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableKey(v)}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/**
 * The API of one profile as the rest of the backend uses it: the client's typed methods, each
 * run through the profile's scheduler. The client reports every answer's rate facts to the
 * scheduler; the client's own retries wait for budget like any request.
 */
export function createProfileApi({
  client,
  scheduler,
}: {
  client: ApiClient;
  scheduler: Scheduler;
}): ProfileApi {
  const unsubscribe = client.addRateInfoListener((info) => scheduler.report(info));

  function wrap(group: GroupName, name: string, arity: number, kind: Kind) {
    const target = client[group] as unknown as Record<
      string,
      (...args: unknown[]) => Promise<unknown>
    >;
    return (...all: unknown[]) => {
      const args = all.slice(0, arity);
      const options = (all[arity] ?? {}) as ScheduledOptions;
      const priority = options.priority ?? DEFAULT_PRIORITY[kind];
      // One key for every attempt of this logical call, so a POST repeated after a 429 is not done twice.
      const idempotencyKey =
        kind === 'write' ? (options.idempotencyKey ?? randomUUID()) : undefined;
      return scheduler.run(
        (signal, context) => {
          const callOptions: CallOptions = {
            signal,
            beforeRetry: context.acquire,
            ...(idempotencyKey ? { idempotencyKey } : {}),
          };
          const method = target[name] as (...a: unknown[]) => Promise<unknown>;
          options.onSend?.();
          return method(...args, callOptions);
        },
        {
          priority,
          ...(kind !== 'write' ? { key: `${group}.${name}:${stableKey(args)}` } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        },
      );
    };
  }

  const api: Record<string, unknown> = { scheduler };
  for (const group of Object.keys(METHODS) as GroupName[]) {
    const methods: Record<string, unknown> = {};
    for (const [name, [arity, kind]] of Object.entries(METHODS[group]) as [
      string,
      readonly [number, Kind],
    ][]) {
      methods[name] = wrap(group, name, arity, kind);
    }
    api[group] = Object.freeze(methods);
  }
  api['close'] = () => {
    unsubscribe();
    scheduler.close();
  };
  return api as ProfileApi;
}
