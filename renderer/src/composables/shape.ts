/**
 * Light checks of what crosses the bridge before the views use it. The backend validates what it
 * sends, but a window must never crash on a surprise: a value of the wrong shape becomes an error
 * the user can read.
 */
import { BridgeError } from '../bridge.js';
import { t } from '../i18n/index.js';
import type { BudgetState, ConnectionState, ProfilesState } from '../../../electron/shared/contract.js';
import { CLEARED_ON_UPDATE } from '../../../electron/shared/link-update.js';
import { isMessageRef } from '../../../electron/shared/message-ref.js';
import type {
  LinkOrigin,
  LinkDetails,
  LinkSnapshot,
  MirrorLink,
  MirrorLinkDetails,
  MirrorLinkPage,
  MirrorList,
  NotOffered,
  OutboxItem,
  OutboxMarks,
  SyncProgress,
} from '../../../electron/shared/models.js';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What could not be read, as the message's select names it. */
type Unreadable = 'profiles' | 'list' | 'links' | 'link' | 'outbox';
const unreadable = (what: Unreadable) => new BridgeError('internal', t('links.unreadable', { what }));

export function asProfilesState(value: unknown): ProfilesState {
  if (!isRecord(value) || !Array.isArray(value['profiles']) || !isRecord(value['keychain'])) {
    throw unreadable('profiles');
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
      ...(typeof p.publicUrl === 'string' && p.publicUrl ? { publicUrl: p.publicUrl, publicUrlVerified: p.publicUrlVerified === true } : {}),
      ...(typeof p.publicUrl === 'string' && p.publicUrl && p.trustLocalProxy === true ? { trustLocalProxy: true } : {}),
      needsKey: p.needsKey === true,
    })),
    currentId,
    keychain: {
      kind: keychain['kind'] === 'memory' ? 'memory' : 'keychain',
      persistent: keychain['persistent'] !== false,
      ...(typeof keychain['reason'] === 'string' ? { reason: keychain['reason'] } : {}),
      ...(typeof keychain['remedy'] === 'string' ? { remedy: keychain['remedy'] } : {}),
      ...(typeof keychain['details'] === 'string' ? { details: keychain['details'] } : {}),
      ...(isMessageRef(keychain['reasonRef']) ? { reasonRef: keychain['reasonRef'] } : {}),
      ...(isMessageRef(keychain['remedyRef']) ? { remedyRef: keychain['remedyRef'] } : {}),
    },
    ...(typeof value['localPortTaken'] === 'number' ? { localPortTaken: value['localPortTaken'] } : {}),
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

const PENDING_KINDS = ['create', 'update', 'delete'] as const;

/** The outbox's marks on a mirrored row; a missing or odd mark reads as "none". */
export function marksOf(row: Record<string, unknown>): OutboxMarks & { provisional: boolean } {
  const pending = PENDING_KINDS.find((k) => k === row['pending']) ?? null;
  return {
    pending,
    failed: typeof row['failed'] === 'string' && row['failed'] ? row['failed'] : null,
    ...(isMessageRef(row['failedRef']) ? { failedRef: row['failedRef'] } : {}),
    opId: typeof row['opId'] === 'string' ? row['opId'] : null,
    provisional: row['provisional'] === true,
  };
}

const syncedAtOf = (value: Record<string, unknown>) => (finite(value['syncedAt']) ? value['syncedAt'] : null);

/** A small collection from the mirror (`channels:list`, `domains:list`…). */
export function asMirrorList<T>(value: unknown): MirrorList<T> {
  if (!isRecord(value) || !Array.isArray(value['items'])) throw unreadable('list');
  const list: MirrorList<T> = { items: value['items'].filter(isRecord) as MirrorList<T>['items'], source: 'mirror', syncedAt: syncedAtOf(value) };
  const notOffered = asNotOffered(value['notOffered']);
  return notOffered ? { ...list, notOffered } : list;
}

/** A collection's "not offered by this service" mark, or null when absent or unreadable. */
function asNotOffered(value: unknown): NotOffered | null {
  if (!isRecord(value) || typeof value['message'] !== 'string') return null;
  const { message, since, checkedAt, nextCheckAt } = value;
  if (!finite(since) || !finite(checkedAt) || !finite(nextCheckAt)) return null;
  return { message, since, checkedAt, nextCheckAt };
}

/** A window of the mirrored links (`links:list`). */
export function asMirrorLinkPage(value: unknown): MirrorLinkPage {
  if (!isRecord(value) || !Array.isArray(value['items'])) throw unreadable('links');
  const items = value['items'].filter(isRecord) as unknown as MirrorLink[];
  const num = (key: string, fallback: number) => (finite(value[key]) ? value[key] : fallback);
  return {
    items,
    total: num('total', items.length),
    offset: num('offset', 0),
    limit: num('limit', items.length),
    unknown: num('unknown', 0),
    source: 'mirror',
    syncedAt: syncedAtOf(value),
  };
}

/** A link opened from the mirror (`links:get`). */
export function asMirrorLinkDetails(value: unknown): MirrorLinkDetails {
  if (!isRecord(value) || !isRecord(value['link'])) throw unreadable('link');
  const snapshots = Array.isArray(value['snapshots'])
    ? (value['snapshots'].filter((s) => isRecord(s) && finite(s['at']) && finite(s['clicks'])) as unknown as LinkSnapshot[])
    : [];
  return {
    link: value['link'] as unknown as MirrorLink,
    details: isRecord(value['details']) ? (value['details'] as unknown as LinkDetails) : null,
    fetchedAt: finite(value['fetchedAt']) ? value['fetchedAt'] : null,
    snapshots,
    stale: value['stale'] === true,
    // Unreadable means unknown: every field an update would clear is then treated as unknown.
    unknownOnUpdate: Array.isArray(value['unknownOnUpdate'])
      ? CLEARED_ON_UPDATE.filter((f) => (value['unknownOnUpdate'] as unknown[]).includes(f))
      : [...CLEARED_ON_UPDATE],
    origins: Array.isArray(value['origins']) ? value['origins'].map(asOrigin).filter((o): o is LinkOrigin => o !== null) : [],
    source: 'mirror',
    syncedAt: syncedAtOf(value),
  };
}

function asOrigin(value: unknown): LinkOrigin | null {
  if (!isRecord(value) || typeof value['source'] !== 'string') return null;
  return {
    source: value['source'],
    service: typeof value['service'] === 'string' ? value['service'] : null,
    clicks: finite(value['clicks']) ? value['clicks'] : null,
    created: finite(value['created']) ? value['created'] : null,
    tags: Array.isArray(value['tags']) ? value['tags'].filter((t): t is string => typeof t === 'string') : [],
    importedAt: finite(value['importedAt']) ? value['importedAt'] : 0,
  };
}

/** The outbox's pending and failed operations; entries of the wrong shape are left out. */
export function asOutboxItems(value: unknown): OutboxItem[] {
  if (!Array.isArray(value)) throw unreadable('outbox');
  return value.filter(
    (v): v is OutboxItem => isRecord(v) && typeof v['opId'] === 'string' && typeof v['summary'] === 'string' && typeof v['state'] === 'string',
  );
}

export function isSyncProgress(value: unknown): value is SyncProgress {
  return isRecord(value) && typeof value['phase'] === 'string' && finite(value['done']) && finite(value['total']);
}
