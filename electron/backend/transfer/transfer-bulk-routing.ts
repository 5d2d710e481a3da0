import type { BackendContext } from '../backend-context.js';
import type { BulkRunner } from '../bulk/bulk-runner.js';
import type { Handlers } from '../router.js';
import type { TransferCoordinator } from './transfer-coordinator.js';

type RoutedChannel = 'bulk:list' | 'bulk:rows' | 'bulk:pause' | 'bulk:resume' | 'bulk:cancel' | 'bulk:remove' | 'bulk:result-csv';

/**
 * The bulk channels as a transfer needs them. A transfer's job lives in its TARGET profile's
 * file; from the SOURCE profile it is listed beside that profile's own jobs and reached by id.
 * Every job that is a transfer carries `transfer`, and its rows their `source`. Other jobs go to
 * the bulk handlers unchanged.
 */
export function transferBulkRouting(
  context: BackendContext,
  transfers: TransferCoordinator,
  base: Pick<Handlers, RoutedChannel>,
): Pick<Handlers, RoutedChannel> {
  const currentId = (): string => context.sessions.current().profile.id;
  /** The runner holding job `id` and its profile: another profile's for a transfer of which the current one is the source. */
  const locate = (id: string): { runner: BulkRunner; profileId: string } => {
    const routed = transfers.route(id);
    if (routed) return { runner: routed.runner, profileId: routed.targetProfileId };
    const { profile, workspace } = context.sessions.current();
    transfers.follow(profile.id, workspace);
    return { runner: workspace.bulk, profileId: profile.id };
  };

  return {
    'bulk:list': async () => {
      const id = currentId();
      const own = (await base['bulk:list'](undefined)).map((job) => transfers.decorate(job, id));
      return [...own, ...transfers.jobsFromSource(id)].sort((a, b) => b.createdAt - a.createdAt);
    },
    'bulk:rows': async ({ id, offset, limit }) => {
      const { runner, profileId } = locate(id);
      return transfers.rows(runner.rows(id, offset, limit), id, offset ?? 0, profileId);
    },
    'bulk:pause': async ({ id }) => {
      const { runner, profileId } = locate(id);
      return transfers.decorate(runner.pause(id), profileId);
    },
    'bulk:resume': async ({ id }) => {
      const { runner, profileId } = locate(id);
      return transfers.decorate(runner.resume(id), profileId);
    },
    'bulk:cancel': async ({ id }) => {
      const { runner, profileId } = locate(id);
      return transfers.decorate(runner.cancel(id), profileId);
    },
    'bulk:remove': async ({ id }) => {
      const { runner, profileId } = locate(id);
      transfers.beforeRemove(id, profileId);
      runner.remove(id);
      await transfers.removed(id, profileId);
    },
    'bulk:result-csv': async ({ id }) => {
      const { runner, profileId } = locate(id);
      return transfers.resultCsv(runner.resultCsv(id), id, profileId);
    },
  };
}
