import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { call, onEvent } from '../bridge.js';
import { isRecord } from '../composables/shape.js';
import {
  guessMapping,
  previewRows,
  tableFromCsv,
  tableFromLines,
  type BulkLookups,
  type ColumnMapping,
  type ImportTable,
  type PreviewRow,
} from '../../../electron/shared/bulk-import.js';
import type { BulkJob, BulkRowsPage } from '../../../electron/shared/bulk.js';
import { recogniseFormat, type RecognisedFormat } from '../../../electron/shared/import-formats.js';
import type { ExportFile } from '../../../electron/shared/exports.js';
import type { LinkInput } from '../../../electron/shared/models.js';
import type { LiveFetchResult } from '../../../electron/shared/live-import.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';

export type BulkStep = 'source' | 'mapping' | 'preview';

const JOB_STATUSES = ['running', 'waiting', 'paused', 'done', 'cancelled'];

/** A job as pushed or answered, checked enough for the view to rely on its fields. */
function asBulkJob(value: unknown): BulkJob | null {
  if (!isRecord(value) || typeof value['id'] !== 'string' || typeof value['name'] !== 'string') return null;
  if (!JOB_STATUSES.includes(value['status'] as string) || !isRecord(value['counts'])) return null;
  return value as unknown as BulkJob;
}

/**
 * Bulk shortening: the import being prepared (source → column mapping → checked preview) and
 * the current profile's jobs, kept up to date by `bulk:changed` pushes.
 */
export const useBulkStore = defineStore('bulk', () => {
  const profiles = useProfilesStore();

  /* The import being prepared. */
  const step = ref<BulkStep>('source');
  const sourceName = ref('');
  const table = shallowRef<ImportTable | null>(null);
  const mapping = ref<ColumnMapping>([]);
  /** Another service's export, when its columns were recognised. */
  const recognised = shallowRef<RecognisedFormat | null>(null);
  /** Values a person fixed in the preview, by line. */
  const overrides = ref(new Map<number, PreviewRow['values']>());
  const reuse = ref(true);
  const jobName = ref('');
  const lookups = shallowRef<BulkLookups>({ channels: [], campaigns: [], domains: [] });
  const now = ref(Date.now());

  const preview = computed(() =>
    table.value ? previewRows(table.value, mapping.value, lookups.value, now.value, overrides.value) : { rows: [], valid: 0, invalid: 0, blocker: null, missingChannels: [] },
  );

  function useSource(kind: 'lines' | 'csv', text: string, name: string): void {
    const read = kind === 'lines' ? tableFromLines(text) : tableFromCsv(text);
    table.value = read;
    recognised.value = kind === 'csv' && read.hasHeader ? recogniseFormat(read.headers) : null;
    mapping.value = guessMapping(read);
    overrides.value = new Map();
    sourceName.value = name;
    jobName.value = name;
    now.value = Date.now();
    step.value = kind === 'lines' ? 'preview' : 'mapping';
  }

  /** Links fetched from another service's API: to the mapping step, recognised as that source. */
  function useFetched(result: LiveFetchResult): void {
    const read = result.table;
    const known = recogniseFormat(read.headers);
    table.value = read;
    recognised.value = known ? { ...known, label: result.label, leftOut: [...known.leftOut, ...result.notes] } : null;
    mapping.value = guessMapping(read);
    overrides.value = new Map();
    sourceName.value = result.label;
    jobName.value = `${result.label} ${new Date().toLocaleDateString('en-GB')}`;
    now.value = Date.now();
    step.value = 'mapping';
  }

  function setLookups(next: BulkLookups): void {
    lookups.value = next;
  }

  function fixRow(line: number, values: PreviewRow['values']): void {
    const next = new Map(overrides.value);
    next.set(line, { ...next.get(line), ...values });
    overrides.value = next;
  }

  function resetImport(): void {
    step.value = 'source';
    table.value = null;
    mapping.value = [];
    recognised.value = null;
    overrides.value = new Map();
    sourceName.value = '';
    jobName.value = '';
  }

  /* Jobs. */
  const jobs = ref<BulkJob[]>([]);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
  let generation = 0;

  async function load(): Promise<void> {
    const mine = ++generation;
    if (status.value !== 'ready') status.value = 'loading';
    try {
      const answer = await call('bulk:list');
      if (mine !== generation) return;
      jobs.value = (Array.isArray(answer) ? answer : []).map(asBulkJob).filter((j): j is BulkJob => j !== null);
      status.value = 'ready';
      error.value = null;
    } catch (e) {
      if (mine !== generation) return;
      error.value = e;
      status.value = 'error';
    }
  }

  function put(job: BulkJob): void {
    const at = jobs.value.findIndex((j) => j.id === job.id);
    if (at >= 0) jobs.value = jobs.value.map((j, i) => (i === at ? job : j));
    else jobs.value = [job, ...jobs.value];
  }

  /** Starts a job with the preview's good rows; rejects with the BridgeError so the view can say why. */
  async function start(): Promise<BulkJob> {
    const ready = preview.value.rows.filter((r) => r.input !== null);
    const rows = ready.map((r) => r.input as LinkInput);
    const name = jobName.value.trim() || `Bulk job ${new Date().toLocaleString('en-GB')}`;
    // Clicks at the old service travel with the rows, to be kept beside the links they get.
    const origin = ready.some((r) => r.formerClicks !== undefined)
      ? { source: recognised.value?.label ?? 'imported file', clicks: ready.map((r) => r.formerClicks ?? null) }
      : undefined;
    const job = await call('bulk:start', { name, rows, reuse: reuse.value, ...(origin ? { origin } : {}) });
    put(job);
    resetImport();
    return job;
  }

  const act = (channel: 'bulk:pause' | 'bulk:resume' | 'bulk:cancel') => async (id: string) => put(await call(channel, { id }));
  const pause = act('bulk:pause');
  const resume = act('bulk:resume');
  const cancel = act('bulk:cancel');

  async function remove(id: string): Promise<void> {
    await call('bulk:remove', { id });
    jobs.value = jobs.value.filter((j) => j.id !== id);
  }

  async function rows(id: string, offset: number, limit: number): Promise<BulkRowsPage> {
    return call('bulk:rows', { id, offset, limit });
  }

  async function resultCsv(id: string): Promise<ExportFile> {
    return call('bulk:result-csv', { id });
  }

  onEvent('bulk:changed', (payload) => {
    if (!isRecord(payload)) return;
    if (profiles.currentId && payload['profileId'] !== profiles.currentId) return;
    const { profileId: _profileId, ...rest } = payload;
    const job = asBulkJob(rest);
    if (job && status.value !== 'idle') put(job);
  });

  watch(
    () => profiles.currentId,
    (next, before) => {
      if (next === before) return;
      generation++;
      const wasLoaded = status.value !== 'idle';
      jobs.value = [];
      status.value = 'idle';
      error.value = null;
      resetImport();
      if (next && wasLoaded) void load();
    },
  );

  return {
    step,
    sourceName,
    table,
    mapping,
    recognised,
    overrides,
    reuse,
    jobName,
    lookups,
    preview,
    useSource,
    useFetched,
    setLookups,
    fixRow,
    resetImport,
    jobs,
    status,
    error,
    load,
    start,
    pause,
    resume,
    cancel,
    remove,
    rows,
    resultCsv,
  };
});
