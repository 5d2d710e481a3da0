import { defineStore } from 'pinia';
import { ref } from 'vue';
import { call } from '../bridge.js';
import { isRecord } from '../composables/shape.js';
import { saveFile } from '../composables/save-file.js';
import { t } from '../i18n/index.js';
import type { ExportFile } from '../../../electron/shared/exports.js';
import type { MirrorLinkQuery } from '../../../electron/shared/models.js';

function asExportFile(value: unknown): ExportFile {
  if (!isRecord(value) || typeof value['filename'] !== 'string' || typeof value['content'] !== 'string') {
    throw new Error(t('exports.unreadable'));
  }
  const mime = value['mime'] === 'application/json' ? 'application/json' : 'text/csv';
  return { filename: value['filename'], mime, content: value['content'] };
}

/**
 * Exports made from the mirror (no request to the service) and saved as files. `busy` names
 * what is being made, so a button can show it is working on a 100,000-link file.
 */
export const useExportsStore = defineStore('exports', () => {
  const busy = ref<'links-csv' | 'links-json' | 'stats' | null>(null);
  const error = ref<unknown>(null);
  /** Which export the error is about ('links' or 'stats'), so each place shows only its own. */
  const failed = ref<'links' | 'stats' | null>(null);
  /** The last file saved (its name), for a confirmation and for tests. */
  const lastSaved = ref<string | null>(null);

  async function run(kind: NonNullable<typeof busy.value>, make: () => Promise<unknown>): Promise<void> {
    busy.value = kind;
    error.value = null;
    failed.value = null;
    try {
      const file = asExportFile(await make());
      saveFile(file);
      lastSaved.value = file.filename;
    } catch (e) {
      error.value = e;
      failed.value = kind === 'stats' ? 'stats' : 'links';
    } finally {
      busy.value = null;
    }
  }

  /** The links matching `query` (its search and filters; every row, not the window). */
  const exportLinks = (format: 'csv' | 'json', query: MirrorLinkQuery = {}) =>
    run(format === 'csv' ? 'links-csv' : 'links-json', () => {
      const { offset: _offset, limit: _limit, ...rest } = query;
      return call('export:links', { format, query: rest });
    });

  const exportStats = (id: number) => run('stats', () => call('export:stats', { id }));

  return { busy, error, failed, lastSaved, exportLinks, exportStats };
});
