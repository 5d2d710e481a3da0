import type { BackendContext } from '../backend-context.js';
import type { Handlers } from '../router.js';
import { TransferCoordinator } from '../transfer/transfer-coordinator.js';
import { openTransferRegistry } from '../transfer/transfer-registry.js';

type TransferChannel = Extract<keyof Handlers, `transfer:${string}`>;

/**
 * Opens the transfers of this data directory (transfers.json) with the profile sessions as the
 * backend made them. `resume()` is then called once the router exists, so unfinished transfers
 * go on after a restart without either profile being visited.
 */
export async function openTransfers(context: BackendContext): Promise<TransferCoordinator> {
  const registry = await openTransferRegistry(context.dataDir, context.log);
  const transfers = new TransferCoordinator({
    sessions: {
      open: (profileId) => context.sessions.open(profileId),
      currentProfileId: () => context.accounts.current()?.id ?? null,
    },
    registry,
    emit: (job) => context.events.emit('bulk:changed', job),
    log: context.log,
  });
  context.onClose(() => transfers.close());
  return transfers;
}

/** Copying or moving links of the current profile to another one: the dry run and the job. */
export function transferHandlers(transfers: TransferCoordinator): Pick<Handlers, TransferChannel> {
  return {
    'transfer:plan': async (request) => transfers.plan(request),
    'transfer:start': async (request) => transfers.start(request),
  };
}
