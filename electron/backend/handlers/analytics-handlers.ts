import { readAudience } from '../analytics/audience.js';
import { readComparison, readOverview } from '../analytics/overview.js';
import { StatsFill, type FillTarget } from '../analytics/stats-fill.js';
import type { BackendContext } from '../backend-context.js';
import type { Handlers } from '../router.js';
import { systemClock, type Clock } from '../scheduler/clock.js';
import { isUnmetered } from '../../shared/unmetered.js';

type AnalyticsChannel = Extract<keyof Handlers, `analytics:${string}`>;

/**
 * The Analytics view: everything is read from the current profile's mirror (offline, no
 * request), except exact timelines, which the local service offers as an extension of the spec
 * (one 'view' request per chart), and filling the statistics, which spends spare budget (and
 * starts by itself where the service sets no rate limit).
 */
export function analyticsHandlers(context: BackendContext, clock: Clock = systemClock): Pick<Handlers, AnalyticsChannel> {
  const fill = new StatsFill(clock);
  const session = () => context.sessions.current();
  const target = (): FillTarget => {
    const s = session();
    return {
      profileId: s.profile.id,
      api: s.api,
      mirror: s.workspace.data.mirror,
      connectivity: s.workspace.connectivity,
      // The local workspace has no limit even before its first answer said so.
      unmetered: s.profile.kind === 'local' || isUnmetered(s.api.scheduler.state().limit),
    };
  };
  // A fill reads for the profile it started on; switching away stops it.
  context.onProfileChange(() => {
    if (fill.ownerId() !== context.accounts.current()?.id) fill.stop();
  });
  context.onClose(() => {
    fill.stop();
    return fill.settled();
  });
  return {
    'analytics:overview': async (range) => {
      const s = session();
      return readOverview(s.workspace.data.mirror, s.api.clicks, range);
    },
    'analytics:compare': async ({ range, items }) => {
      const s = session();
      return readComparison(s.workspace.data.mirror, s.api.clicks, range, items);
    },
    'analytics:audience': async () => readAudience(session().workspace.data.mirror.sql),
    'analytics:fill': async ({ run }) => {
      if (run) return fill.start(target());
      fill.stop();
      return fill.state(target());
    },
    'analytics:fill-state': async () => fill.stateOrStart(target()),
  };
}
