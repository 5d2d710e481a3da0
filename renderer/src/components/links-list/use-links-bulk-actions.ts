import { computed, ref, type Ref } from 'vue';
import type { Campaign, Channel, MirrorLink } from '../../../../electron/shared/models.js';
import { call } from '../../bridge.js';
import { runBulk, type BulkAction, type BulkProgress } from '../../composables/bulk-outbox.js';
import { errorText } from '../../composables/error-text.js';
import type { NoticeKind } from '../../stores/notices.js';
import { t } from '../../i18n/index.js';

interface BulkActionsDeps {
  store: { rowAt(index: number): MirrorLink | undefined; allMatchingIds(): Promise<number[]> };
  checks: { checked: Ref<Set<number>>; allMatching: Ref<boolean>; checkedCount: Ref<number>; clearChecked(): void };
  channels: { items: readonly Channel[] };
  campaigns: { items: readonly Campaign[] };
  notices: { push(kind: NoticeKind, text: string): unknown };
}

/**
 * The links list's deletes (one link from the keyboard, or the checked ones, after a confirmation)
 * and its bulk assignments to a channel or campaign, sent through the outbox with progress.
 */
export function useLinksBulkActions({ store, checks, channels, campaigns, notices }: BulkActionsDeps) {
  const { checked, allMatching, checkedCount, clearChecked } = checks;
  const confirming = ref<{ ids: number[] | 'all'; text: string } | null>(null);

  function askDelete(index: number): void {
    const link = store.rowAt(index);
    if (!link) return;
    confirming.value = { ids: [link.id], text: t('links.delete.confirmOne', { name: link.shortUrl || link.longUrl }) };
  }

  async function confirmDelete(): Promise<void> {
    const target = confirming.value;
    confirming.value = null;
    if (!target) return;
    if (target.ids !== 'all' && target.ids.length === 1) {
      try {
        await call('links:delete', { id: target.ids[0]! });
        notices.push('info', t('links.delete.done'));
      } catch (error) {
        notices.push('error', t('links.delete.failed', { reason: errorText(error) }));
      }
      return;
    }
    await startBulk({ kind: 'delete' }, t('links.bulk.deleteLabel'));
  }

  const progress = ref<BulkProgress | null>(null);
  const bulkChannel = ref<number | null>(null);
  const bulkCampaign = ref<number | null>(null);
  const channelOptions = computed(() => channels.items.filter((c) => c.id > 0).map((c) => ({ label: c.name, value: c.id })));
  const campaignOptions = computed(() => campaigns.items.filter((c) => c.id > 0).map((c) => ({ label: c.name, value: c.id })));

  async function startBulk(action: BulkAction, label: string): Promise<void> {
    let ids: number[];
    try {
      ids = allMatching.value ? await store.allMatchingIds() : [...checked.value];
    } catch (error) {
      notices.push('error', t('links.bulk.readFailed', { reason: errorText(error) }));
      return;
    }
    // Links still waiting for their create cannot be assigned or deleted by id yet.
    ids = ids.filter((id) => id > 0);
    if (!ids.length) return;
    const run = runBulk(action, ids, label);
    progress.value = run.progress;
    clearChecked();
    const result = await run.done;
    notices.push(
      result.failed ? 'warning' : 'success',
      result.failed
        ? t('links.bulk.doneWithFailures', { label, sent: result.sent, total: result.total, failed: result.failed, reasons: result.reasons.join(' ') })
        : t('links.bulk.done', { label, sent: result.sent, total: result.total }),
    );
  }

  function askBulkDelete(): void {
    confirming.value = { ids: allMatching.value ? 'all' : [...checked.value], text: t('links.delete.confirmMany', { n: checkedCount.value }) };
  }

  function assignChannel(id: number | null): void {
    bulkChannel.value = null;
    if (id !== null) void startBulk({ kind: 'channel', channelId: id }, t('links.bulk.assignTo', { name: channels.items.find((c) => c.id === id)?.name ?? `#${id}` }));
  }

  function assignCampaign(id: number | null): void {
    bulkCampaign.value = null;
    if (id !== null) void startBulk({ kind: 'campaign', campaignId: id }, t('links.bulk.assignTo', { name: campaigns.items.find((c) => c.id === id)?.name ?? `#${id}` }));
  }

  return { confirming, askDelete, confirmDelete, progress, bulkChannel, bulkCampaign, channelOptions, campaignOptions, askBulkDelete, assignChannel, assignCampaign };
}
