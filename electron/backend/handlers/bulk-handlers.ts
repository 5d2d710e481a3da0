import type { BulkJob } from '../../shared/bulk.js';
import type { BackendContext } from '../backend-context.js';
import type { ProfileWorkspace } from '../sync/profile-workspace.js';
import type { Handlers } from '../router.js';
import { targetAliases } from '../bulk/alias-taken.js';

type BulkChannel = Extract<keyof Handlers, `bulk:${string}`>;

/**
 * Bulk shortening of the current profile. Each profile's jobs live in its workspace (they run,
 * and resume after a restart, with its session); these handlers reach the current one and push
 * its jobs' changes as `bulk:changed` while that profile is the current one.
 */
export function bulkHandlers(
  context: BackendContext,
  /** Adds what another part knows of a job (a transfer's `transfer`) before it is pushed. */
  decorate: (job: BulkJob, profileId: string) => BulkJob = (job) => job,
): Pick<Handlers, BulkChannel> {
  const followed = new WeakSet<ProfileWorkspace>();

  /** Subscribes once to a session's jobs; sessions open lazily, so this runs on every way in. */
  function follow(): void {
    if (!context.accounts.current()) return;
    const { profile, workspace } = context.sessions.current();
    if (followed.has(workspace)) return;
    followed.add(workspace);
    const profileId = profile.id;
    workspace.bulk.onChange((job) => {
      if (context.accounts.current()?.id === profileId) context.events.emit('bulk:changed', { ...decorate(job, profileId), profileId });
    });
  }

  const bulk = () => {
    follow();
    return context.sessions.current().workspace.bulk;
  };

  try {
    follow();
  } catch (error) {
    context.log(`[bulk] could not follow the current profile's jobs yet: ${(error as Error).message}`);
  }
  context.onProfileChange(() => {
    try {
      follow();
    } catch (error) {
      context.log(`[bulk] could not follow the profile's jobs: ${(error as Error).message}`);
    }
  });

  return {
    'bulk:list': async () => bulk().list(),
    'bulk:start': async (arg) => bulk().create(arg),
    'bulk:rows': async ({ id, offset, limit }) => bulk().rows(id, offset, limit),
    'bulk:pause': async ({ id }) => bulk().pause(id),
    'bulk:resume': async ({ id }) => bulk().resume(id),
    'bulk:cancel': async ({ id }) => bulk().cancel(id),
    'bulk:remove': async ({ id }) => bulk().remove(id),
    'bulk:result-csv': async ({ id }) => bulk().resultCsv(id),
    'bulk:aliases': async ({ aliases }) => targetAliases(context.sessions.current().workspace.data.mirror.sql, aliases),
  };
}
