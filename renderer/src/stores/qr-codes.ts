import { defineStore, storeToRefs } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { call } from '../bridge.js';
import type { Mirrored, MirrorQrDetails, OutboxItem, QrCode, QrInput, QrUpdateInput } from '../../../electron/shared/models.js';
import { describeQrRef, isDynamicQrType, isQrType, qrPayload } from '../../../electron/shared/qr-codes.js';
import type { QrExportFile, QrExportFormat, QrExportItem } from '../../../electron/shared/qr-export.js';
import type { LogoPixels, QrDesign } from '../../../electron/shared/qr-render.js';
import type { LoadStatus } from './load-status.js';
import { useQrListStore } from './resource-lists.js';
import { useProfilesStore } from './profiles.js';
import { t } from '../i18n/index.js';
import { issueText } from '../composables/validation.js';

/** Words for what a code holds, for its row and its detail ("Opens https://…"). */
export function contentWords(qr: Pick<QrCode, 'type' | 'content'>): string {
  if (!qr.type || qr.content === null) return t('qr.contentUnknown');
  return issueText(describeQrRef(qr.type, qr.content)) ?? '';
}

/** The link drawer's canvas caption, for PNG bytes. */
async function pngWithCaption(png: Uint8Array, caption: string, options: { size: number; foreground: string; background: string }): Promise<Uint8Array> {
  const { captionPng } = await import('../components/link-detail/qr-caption.js');
  const dataUrl = await captionPng(`data:image/png;base64,${btoa(Array.from(png, (b) => String.fromCharCode(b)).join(''))}`, caption, options);
  return Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
}

/**
 * What a code's image encodes, when Linkdeck can know it without the service: a static code's
 * payload (from its content), or a dynamic code's hidden short link (our service says it).
 * Null otherwise: a deployment's dynamic code encodes a short link it never tells.
 */
export function encodedText(qr: Pick<QrCode, 'type' | 'content'>, shortUrl: string | null): string | null {
  if (!qr.type || !isQrType(qr.type)) return null;
  if (isDynamicQrType(qr.type)) return shortUrl;
  if (qr.content === null) return null;
  const checked = qrPayload(qr.type, qr.content);
  return checked.ok ? checked.payload : null;
}

/**
 * The QR codes section (issue 31): the list from the mirror (works offline), searched here
 * over name, type and content; one code's details (read again when stale); changes through the
 * outbox (shown pending at once, sent exactly once); exports made locally.
 */
export const useQrCodesStore = defineStore('qr-codes', () => {
  const list = useQrListStore();
  const { items, status, error, syncedAt, notOffered } = storeToRefs(list);
  const query = ref('');

  const filtered = computed((): Mirrored<QrCode>[] => {
    const q = query.value.trim().toLowerCase();
    // One order on every visit (issue 37): newest first, codes not yet sent (negative ids) on top.
    const all = [...(items.value as Mirrored<QrCode>[])].sort((a, b) => ((a.id < 0) !== (b.id < 0) ? (a.id < 0 ? -1 : 1) : b.id - a.id));
    if (!q) return all;
    return all.filter((qr) =>
      [qr.name, qr.type ?? '', qr.content === null ? '' : typeof qr.content === 'string' ? qr.content : Object.values(qr.content).join(' ')]
        .some((field) => field.toLowerCase().includes(q)),
    );
  });

  const detail = shallowRef<MirrorQrDetails | null>(null);
  const detailStatus = ref<LoadStatus>('idle');
  const detailError = ref<unknown>(null);
  let detailGeneration = 0;

  /** Opens a code: the mirror's copy at once, then the service's when it was stale. */
  async function open(id: number, force = false): Promise<void> {
    const mine = ++detailGeneration;
    detailStatus.value = 'loading';
    detailError.value = null;
    try {
      const answer = (await call('qr:get', { id, ...(force ? { force } : {}) })) as MirrorQrDetails;
      if (mine !== detailGeneration) return;
      detail.value = answer;
      detailStatus.value = 'ready';
    } catch (e) {
      if (mine !== detailGeneration) return;
      detailError.value = e;
      detailStatus.value = 'error';
    }
  }

  function close(): void {
    detailGeneration++;
    detail.value = null;
    detailStatus.value = 'idle';
  }

  const create = (input: QrInput): Promise<OutboxItem> => call('qr:create', input);
  const update = (id: number, input: QrUpdateInput): Promise<OutboxItem> => call('qr:update', { id, ...input });
  const remove = (id: number): Promise<OutboxItem> => call('qr:delete', { id });
  const assign = (channelId: number, id: number): Promise<OutboxItem> => call('channels:assign', { channelId, type: 'qr', itemId: id });

  const profiles = useProfilesStore();

  /** The codes to export (those whose image can be made here) and those left out, by name. */
  function exportable(codes: readonly Pick<QrCode, 'type' | 'content' | 'name' | 'id' | 'shortUrl'>[]): { items: QrExportItem[]; skipped: string[] } {
    const out: QrExportItem[] = [];
    const skipped: string[] = [];
    for (const qr of codes) {
      const text = encodedText(qr, qr.shortUrl);
      if (text === null) skipped.push(qr.name || t('qr.unnamed', { id: qr.id }));
      // A dynamic code encodes this profile's short link: printed, it says where that link opens.
      else out.push({ text, name: qr.name || `qr-${qr.id}`, caption: qr.type && isQrType(qr.type) && isDynamicQrType(qr.type) ? profiles.reachCaption : null });
    }
    return { items: out, skipped };
  }

  /**
   * Reads the details of the codes among `ids` whose content the list did not tell (the mirror
   * keeps what they say), then the list again; a code not sent yet, or a read that fails, stays
   * as it was (the export then names it as left out).
   */
  async function learnContent(ids: readonly number[]): Promise<void> {
    const wanted = new Set(ids);
    const unknown = (items.value as Mirrored<QrCode>[]).filter((q) => wanted.has(q.id) && !q.provisional && encodedText(q, q.shortUrl) === null);
    if (unknown.length === 0) return;
    await Promise.all(unknown.map((q) => call('qr:get', { id: q.id, force: true }).catch(() => null)));
    await list.load();
  }

  /**
   * Makes the export file here: no request, no rate budget. The exporter (pdf-lib above all) is
   * loaded when first used, not with the section.
   */
  async function exportFile(items: QrExportItem[], format: QrExportFormat, design: QrDesign, logo: LogoPixels): Promise<QrExportFile> {
    const { exportQrCodes } = await import('../../../electron/shared/qr-export.js');
    return exportQrCodes(items, format, design, logo, () => new Promise((resolve) => setTimeout(resolve, 0)), pngWithCaption);
  }

  return {
    items,
    status,
    error,
    syncedAt,
    notOffered,
    source: computed(() => 'mirror' as const),
    query,
    filtered,
    load: () => list.load(),
    refresh: () => list.refresh(),
    refreshNow: () => list.refreshNow(),
    detail,
    detailStatus,
    detailError,
    open,
    close,
    create,
    update,
    remove,
    assign,
    exportable,
    learnContent,
    exportFile,
  };
});
