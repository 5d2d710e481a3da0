import { msg } from '../../shared/message-ref.js';
import type { MirrorLinkDetails } from '../../shared/models.js';
import { isApiClientError } from '../api/errors.js';
import { AppError } from '../app-error.js';
import { forgetLink, storeLinkDetails } from '../mirror/link-writes.js';
import { DETAILS_MAX_AGE_MS } from '../mirror/mirror.js';
import { isOfflineError } from './connectivity.js';
import { request, type SyncContext } from './sync-context.js';

export interface OpenLinkOptions {
  /** Read the details again even when the mirror's copy is fresh (a refresh button). */
  force?: boolean;
  /** Details older than this are read again. Default 5 minutes. */
  maxAgeMs?: number;
}

/**
 * A link as the detail view opens it: from the mirror when its details are fresh, else read
 * again from the service (at the run's priority, 'user' for a person opening it) and kept, with
 * a statistics snapshot, so the view can chart clicks over time. Offline, the mirror's copy is
 * answered, marked stale. A link the service no longer has is removed from the mirror.
 */
export async function openLink(
  ctx: SyncContext,
  id: number,
  options: OpenLinkOptions = {},
): Promise<MirrorLinkDetails> {
  const { mirror } = ctx;
  const maxAge = options.maxAgeMs ?? DETAILS_MAX_AGE_MS;
  const mirrored = mirror.linkDetails(id, maxAge);
  // A link whose create is still in the outbox has nothing to read yet.
  if (id < 0 || mirrored?.link.pending === 'create') {
    if (mirrored) return mirrored;
    throw AppError.keyed('not-found', msg('errors.open.linkGone'));
  }
  if (mirrored && !mirrored.stale && !options.force) return mirrored;
  try {
    const details = await request(ctx, 'links', (o) => ctx.api.links.get(id, o));
    const now = ctx.clock.now();
    mirror.write(['links'], () => storeLinkDetails(mirror.sql, details, now));
  } catch (error) {
    if (isOfflineError(error) && mirrored) return { ...mirrored, stale: true };
    if (isApiClientError(error) && error.code === 'not-found' && mirrored) {
      mirror.write(['links', 'channel-items'], () => {
        if (mirror.link(id)?.pending === null) forgetLink(mirror.sql, id);
      });
    }
    throw error;
  }
  const fresh = mirror.linkDetails(id, maxAge);
  if (!fresh) throw AppError.keyed('not-found', msg('errors.open.linkNotSaved'));
  return fresh;
}
