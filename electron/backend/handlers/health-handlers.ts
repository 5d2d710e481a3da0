import type { BackendContext } from '../backend-context.js';
import { createHealthRunner, readHealth, type HealthRunnerOptions } from '../health/index.js';
import { createHealthSettingsStore } from '../health/health-settings.js';
import { createOutboundPolicy, type OutboundPolicyOptions } from '../net/outbound-address-policy.js';
import { createOutbound, type Resolve } from '../net/outbound-request.js';
import type { Handlers } from '../router.js';

type HealthChannel = Extract<keyof Handlers, `health:${string}`>;

/**
 * Link health: checks of the links' targets, made from this computer straight to the target
 * sites (never through the service's API, so they cost no rate budget). One job at a time for
 * the whole backend; switching profile cancels it, closing the app stops it.
 *
 * Every job takes the outbound rules as the setting is when it starts: with "Also check links to
 * addresses on my own network" off (the default), nothing on this computer's network is asked.
 */
export function healthHandlers(
  context: BackendContext,
  options: Omit<HealthRunnerOptions, 'onProgress' | 'log' | 'outbound'> & HealthOutboundOptions = {},
): Pick<Handlers, HealthChannel> {
  const settings = createHealthSettingsStore(context.dataDir, context.log);
  const outboundFor = (checkOwnNetwork: boolean) =>
    createOutbound({
      policy: createOutboundPolicy({ ...(options.policy ?? {}), allowOwnNetwork: checkOwnNetwork }),
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
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
      const { checkOwnNetwork } = await settings.get();
      return runner.start({ profileId: session.profile.id, mirror: session.workspace.data.mirror }, ids, outboundFor(checkOwnNetwork));
    },
    'health:status': async () => runner.status(),
    'health:cancel': async () => runner.cancel(),
    'health:get': async ({ id }) => readHealth(context.sessions.current().workspace.data.mirror.sql, id),
    'health:settings': () => settings.get(),
    'health:configure': (next) => settings.set(next),
  };
}

/** Test seams of the outbound rules; the app passes neither. */
export interface HealthOutboundOptions {
  /** Extra policy options (tests permit their one loopback server); the setting decides the rest. */
  policy?: Omit<OutboundPolicyOptions, 'allowOwnNetwork'>;
  /** DNS (tests make a public-looking name resolve to loopback). */
  resolve?: Resolve;
}
