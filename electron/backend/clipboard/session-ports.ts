/**
 * The clipboard watch's ports, made from the current profile's session: the mirror answers
 * "is there a link for this already?" and "is this one of our short URLs?", the outbox makes and
 * deletes links (so a link made from the clipboard is saved and sent like any other change), and
 * the workspace's connectivity says whether the service answers. Each call looks up the current
 * profile at that moment, so one watcher follows profile switches.
 */
import { msg } from '../../shared/message-ref.js';
import { ApiClientError } from '../api/errors.js';
import { AppError } from '../app-error.js';
import { hostOf } from '../mirror/dates.js';
import type { OutboxResult } from '../outbox/outbox.js';
import type { ProfileSessions, Session } from '../profile-sessions.js';
import type {
  Connectivity,
  KnownDomains,
  QueuedCreate,
  ShortenOptions,
  Shortener,
  ShortLinkRef,
} from './ports.js';


/** Links made by the watch, and the profile each was made in (for undo after a profile switch). */
const MADE_LIMIT = 50;

/**
 * Creates go through the outbox and are awaited there, like the editor's "Create" (see
 * `outbox:wait`). The outbox sends every operation at the scheduler's 'user' priority and takes
 * no priority per operation, so a clipboard link is sent at 'user' priority (ahead of
 * 'clipboard'), never behind view or background reads.
 */
export function sessionShortener(sessions: ProfileSessions): Shortener {
  const made = new Map<number, Session>();

  return {
    findReusable(url, domain) {
      const link = sessions
        .current()
        .workspace.data.mirror.findReusable(domain ? { url, domain } : { url });
      // A provisional link (its create still queued) has no short URL to put on the clipboard yet.
      if (!link || link.provisional || link.id <= 0 || !link.shortUrl) return null;
      return { id: link.id, shortUrl: link.shortUrl };
    },

    async create(input, options): Promise<ShortLinkRef | QueuedCreate> {
      const session = sessions.current();
      const { outbox, connectivity } = session.workspace;
      if (!connectivity.isOnline() && options.offline === 'skip') throw offlineError(session);
      const item = outbox.enqueue({ kind: 'link.create', input });
      const result = await outcome(session, item.opId, options);
      if ('queued' in result) return result;
      const answer = result.answer as { shortUrl?: unknown } | null;
      if (result.id === null || typeof answer?.shortUrl !== 'string') {
        throw AppError.keyed('internal', msg('errors.clipboard.noShortUrl'));
      }
      made.set(result.id, session);
      if (made.size > MADE_LIMIT) made.delete(made.keys().next().value as number);
      return { id: result.id, shortUrl: answer.shortUrl };
    },

    async delete(id) {
      // Deleted in the profile the link was made in, even if another one is current now.
      const session = made.get(id) ?? sessions.current();
      const item = session.workspace.outbox.enqueue({ kind: 'link.delete', id });
      await session.workspace.outbox.settled(item.opId);
      made.delete(id);
    },
  };
}

/**
 * Waits for a queued create. Offline (at once or while waiting), 'queue' leaves it in the outbox
 * and answers {queued}; 'skip' takes it out again and fails with 'offline'. When the watch stops
 * waiting (its timeout), the create is taken out if it has not left yet, so copying the URL again
 * does not make a second link later. A refused create is taken out too: the watch reports the
 * refusal, and nothing the person typed is in it.
 */
function outcome(
  session: Session,
  opId: string,
  options: ShortenOptions,
): Promise<OutboxResult | QueuedCreate> {
  const { outbox, connectivity } = session.workspace;
  const takeOut = () => {
    try {
      if (outbox.get(opId)?.state !== 'sending') outbox.discard(opId);
    } catch {
      // Already settled or gone: nothing left to take out.
    }
  };
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      stopWatching();
      options.signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onOffline = () => {
      if (options.offline === 'queue') finish(() => resolve({ queued: true, opId }));
      else
        finish(() => {
          takeOut();
          reject(offlineError(session));
        });
    };
    const onAbort = () =>
      finish(() => {
        takeOut();
        reject(options.signal.reason ?? new DOMException('The wait was cancelled.', 'AbortError'));
      });
    const stopWatching = connectivity.onChange((state) => {
      if (!state.online) onOffline();
    });
    options.signal.addEventListener('abort', onAbort, { once: true });
    outbox.settled(opId).then(
      (result) => finish(() => resolve(result)),
      (error: unknown) =>
        finish(() => {
          takeOut();
          reject(error);
        }),
    );
    if (options.signal.aborted) onAbort();
    else if (!connectivity.isOnline()) onOffline();
  });
}

function offlineError(session: Session): ApiClientError {
  const state = session.workspace.connectivity.state();
  const reason = state.reasonRef ?? state.reason;
  return new ApiClientError('offline', reason ? msg('errors.clipboard.offlineBecause', { reason }) : msg('errors.clipboard.offline'));
}

/**
 * Short URLs of the current profile: on the service's own host (the base URL's, or the one the
 * service writes short URLs on, behind a proxy) or on one of its mirrored branded domains.
 */
export function sessionKnownDomains(sessions: ProfileSessions): KnownDomains {
  return {
    isShortUrl(text) {
      const host = hostOf(text);
      if (host === '') return false;
      const { profile, workspace } = sessions.current();
      const mirror = workspace.data.mirror;
      if (host === hostOf(profile.baseUrl) || host === mirror.serviceHost().toLowerCase())
        return true;
      // The local workspace's public address is its short links' host too.
      if (profile.publicUrl && host === hostOf(profile.publicUrl)) return true;
      return mirror.domains().items.some((d) => hostOf(d.domain) === host);
    },
  };
}

export function sessionConnectivity(sessions: ProfileSessions): Connectivity {
  return { isOnline: () => sessions.current().workspace.connectivity.isOnline() };
}
