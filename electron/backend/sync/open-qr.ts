import { msg } from '../../shared/message-ref.js';
import type { MirrorQrDetails } from '../../shared/models.js';
import { isApiClientError } from '../api/errors.js';
import { AppError } from '../app-error.js';
import { DETAILS_MAX_AGE_MS } from '../mirror/mirror.js';
import { forgetQr, readQrDetails, storeQrDetails } from '../mirror/qr-codes.js';
import { isOfflineError } from './connectivity.js';
import { request, type SyncContext } from './sync-context.js';

/**
 * A QR code as the detail view opens it (issue 31), the way links open (open-link.ts): from the
 * mirror when its details are fresh, else read again and kept. Offline, the mirror's copy; a
 * code the service no longer has leaves the mirror.
 */
export async function openQr(
  ctx: SyncContext,
  id: number,
  options: { force?: boolean } = {},
): Promise<MirrorQrDetails> {
  const { mirror } = ctx;
  const mirrored = readQrDetails(mirror.sql, id);
  if (id < 0 || mirrored?.qr.pending === 'create') {
    if (mirrored) return mirrored;
    throw AppError.keyed('not-found', msg('errors.open.qrGone'));
  }
  const fresh = mirrored?.fetchedAt != null && ctx.clock.now() - mirrored.fetchedAt < DETAILS_MAX_AGE_MS;
  if (mirrored && fresh && !options.force) return mirrored;
  try {
    const details = await request(ctx, 'qrs', (o) => ctx.api.qrs.get(id, o));
    const now = ctx.clock.now();
    mirror.write(['qrs'], () => storeQrDetails(mirror.sql, details, now));
  } catch (error) {
    if (isOfflineError(error) && mirrored) return mirrored;
    if (isApiClientError(error) && error.code === 'not-found' && mirrored) {
      mirror.write(['qrs', 'channel-items'], () => {
        if (mirrored.qr.pending === null) forgetQr(mirror.sql, id);
      });
    }
    throw error;
  }
  const read = readQrDetails(mirror.sql, id);
  if (!read) throw AppError.keyed('not-found', msg('errors.open.qrNotSaved'));
  return { ...read, source: 'network' };
}
