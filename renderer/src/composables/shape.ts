/**
 * Light checks of what crosses the bridge before the views use it. The backend validates what it
 * sends, but a window must never crash on a surprise: a value of the wrong shape becomes an error
 * the user can read.
 */
import { BridgeError } from '../bridge.js';
import type { BudgetState, ConnectionState, ProfilesState } from '../../../electron/shared/contract.js';
import type { Page } from '../../../electron/shared/models.js';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const unreadable = (what: string) =>
  new BridgeError('internal', `Linkdeck sent ${what} this window could not read. Try again; if it keeps happening, restart Linkdeck.`);

export function asProfilesState(value: unknown): ProfilesState {
  if (!isRecord(value) || !Array.isArray(value['profiles']) || !isRecord(value['keychain'])) {
    throw unreadable('a list of profiles');
  }
  const profiles = value['profiles'].filter(
    (p): p is ProfilesState['profiles'][number] =>
      isRecord(p) && typeof p['id'] === 'string' && typeof p['name'] === 'string' && typeof p['baseUrl'] === 'string',
  );
  const currentId = typeof value['currentId'] === 'string' ? value['currentId'] : null;
  const keychain = value['keychain'];
  return {
    profiles: profiles.map((p) => ({
      id: p.id,
      name: p.name,
      baseUrl: p.baseUrl,
      kind: p.kind === 'local' ? 'local' : 'remote',
      needsKey: p.needsKey === true,
    })),
    currentId,
    keychain: {
      kind: keychain['kind'] === 'memory' ? 'memory' : 'keychain',
      persistent: keychain['persistent'] !== false,
      ...(typeof keychain['reason'] === 'string' ? { reason: keychain['reason'] } : {}),
    },
  };
}

export function asPage<T>(value: unknown): Page<T> {
  if (!isRecord(value) || !Array.isArray(value['items'])) throw unreadable('a list');
  const items = value['items'].filter(isRecord) as T[];
  const num = (key: string, fallback: number) => (typeof value[key] === 'number' && Number.isFinite(value[key]) ? (value[key] as number) : fallback);
  return {
    items,
    total: num('total', items.length),
    perPage: num('perPage', items.length),
    page: num('page', 1),
    maxPage: num('maxPage', 1),
    hasNext: value['hasNext'] === true,
  };
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The budget, or null when the value is not one (the meter then says it does not know). */
export function asBudgetState(value: unknown): BudgetState | null {
  if (!isRecord(value) || !finite(value['limit']) || !finite(value['remaining']) || !finite(value['resetAt'])) return null;
  const queued = isRecord(value['queued']) ? value['queued'] : {};
  const count = (v: unknown) => (finite(v) ? v : 0);
  return {
    profileId: typeof value['profileId'] === 'string' ? value['profileId'] : null,
    limit: value['limit'],
    remaining: value['remaining'],
    resetAt: value['resetAt'],
    pausedUntil: finite(value['pausedUntil']) ? value['pausedUntil'] : null,
    inFlight: count(value['inFlight']),
    queued: { user: count(queued['user']), clipboard: count(queued['clipboard']), view: count(queued['view']), background: count(queued['background']) },
  };
}

export function isConnectionState(value: unknown): value is ConnectionState {
  return isRecord(value) && typeof value['online'] === 'boolean';
}
