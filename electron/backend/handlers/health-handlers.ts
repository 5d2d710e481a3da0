import type { BackendContext } from '../backend-context.js';
import { createHealthRunner, readHealth, type HealthRunnerOptions } from '../health/index.js';
import type { Handlers } from '../router.js';

type HealthChannel = Extract<keyof Handlers, `health:${string}`>;

/**
 * Link health: checks of the links' targets, made from this computer straight to the target
 * sites (never through the service's API, so they cost no rate budget). One job at a time for
 * the whole backend; switching profile cancels it, closing the app stops it.
 */
export function healthHandlers(
  context: BackendContext,
  options: Omit<HealthRunnerOptions, 'onProgress' | 'log'> = {},
): Pick<Handlers, HealthChannel> {
  const runner = createHealthRunner({
    ...options,
    log: context.log,
    onProgress: (job) => context.events.emit('health:progress', job),
  });
  // Another profile's results must not land in (or be reported over) the new one's list.
  context.onProfileChange(() => {
    const owner = runner.profileId();
    if (owner !== null && owner !== context.accounts.current()?.id) void runner.forget();
  });
  context.onClose(() => runner.forget());

  return {
    'health:check': async ({ ids }) => {
      const session = context.sessions.current();
      return runner.start({ profileId: session.profile.id, mirror: session.workspace.data.mirror }, ids);
    },
    'health:status': async () => runner.status(),
    'health:cancel': async () => runner.cancel(),
    'health:get': async ({ id }) => readHealth(context.sessions.current().workspace.data.mirror.sql, id),
  };
}
