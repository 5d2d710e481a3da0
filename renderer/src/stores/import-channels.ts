import { BridgeError, call } from '../bridge.js';
import { errorText } from '../composables/error-text.js';
import { t } from '../i18n/index.js';

/**
 * The channels an import creates once the person confirmed ("Create these N channels on …"),
 * through the same outbox path as the Channels view. Online, it waits for the service's ids, so a
 * refusal is said before the job starts (and that create is taken back out of the outbox, so no
 * half-made channel is left behind). Offline, it does not wait: the rows get the provisional ids,
 * which the outbox replaces with the service's before it sends any of those links (they wait for
 * the channel's create, across a restart too), so no row loses its channel.
 */
export interface CreatedChannels {
  /** Name in lower case → id (provisional, negative, while the create is still queued). */
  ids: Map<string, number>;
  /** True when some creates are still queued (offline): the job's links go out after them. */
  queued: boolean;
}

export async function createImportChannels(
  names: readonly string[],
  online: boolean,
  onProgress: (done: number) => void = () => {},
): Promise<CreatedChannels> {
  const items = [];
  for (const name of names) items.push({ name, item: await call('channels:create', { name }) });
  const ids = new Map<string, number>();
  if (!online) {
    for (const { name, item } of items) if (item.provisionalId !== null) ids.set(name.toLowerCase(), item.provisionalId);
    return { ids, queued: true };
  }
  let done = 0;
  const refusals: string[] = [];
  await Promise.all(
    items.map(async ({ name, item }) => {
      try {
        const outcome = await call('outbox:wait', { opId: item.opId });
        if (outcome.id !== null) ids.set(name.toLowerCase(), outcome.id);
      } catch (e) {
        refusals.push(t('bulk.store.channelRefusal', { name, reason: errorText(e) }));
        await call('outbox:discard', { opId: item.opId }).catch(() => undefined);
      } finally {
        onProgress(++done);
      }
    }),
  );
  if (refusals.length > 0) {
    const made = names.length - refusals.length;
    throw new BridgeError(
      'invalid-input',
      made > 0
        ? t('bulk.store.channelsRefusedSomeMade', { n: refusals.length, refusals: refusals.join('; '), made })
        : t('bulk.store.channelsRefused', { n: refusals.length, refusals: refusals.join('; ') }),
    );
  }
  return { ids, queued: false };
}
