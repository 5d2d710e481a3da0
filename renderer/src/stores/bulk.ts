import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { BridgeError, call, onEvent } from '../bridge.js';
import { isRecord } from '../composables/shape.js';
import { messageText } from '../composables/error-text.js';
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
import type { LiveFetchResult } from '../../../electron/shared/live-import.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';
import { useConnectionStore } from './connection.js';
import { useNoticesStore } from './notices.js';
import { createImportChannels } from './import-channels.js';
import { formatDate, formatDateTime } from '../i18n/format.js';
import { t } from '../i18n/index.js';
import {
  DEFAULT_ALIAS_CHOICE,
  clashCounts,
  findAliasClashes,
  jobOrigin,
  jobRows,
  type AliasChoice,
  type ExpiredChoice,
  type TargetAlias,
} from '../../../electron/shared/import-aliases.js';
import type { ImportEncoding } from '../../../electron/shared/import-encoding.js';
import type { MessageRef } from '../../../electron/shared/message-ref.js';
import { readWorkbook, type WorkbookFile } from '../../../electron/shared/import-workbook.js';

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
  const connection = useConnectionStore();
  const notices = useNoticesStore();

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
  /** The encoding the file was read in (the preview names it); null for pasted text and live sources. */
  const encoding = ref<ImportEncoding | null>(null);
  /** The sheet a workbook was read from, and the others it has (the person may pick one). */
  const sheet = ref<{ name: string; names: string[] } | null>(null);
  /** The person's answer for date columns no value settles (30/06 or 06/30): null until asked and answered. */
  const dayFirst = ref<boolean | null>(null);
  /** What becomes of links whose expiry has passed: null until the person says. */
  const expiredChoice = ref<ExpiredChoice | null>(null);

  const preview = computed(() =>
    table.value
      ? previewRows(table.value, mapping.value, lookups.value, now.value, overrides.value, { dayFirst: dayFirst.value })
      : { rows: [], valid: 0, invalid: 0, blocker: null, missingChannels: [], unsettledDates: [] },
  );
  /** Ready rows whose expiry has passed (asked about once). */
  const expiredRows = computed(() => preview.value.rows.filter((r) => r.input !== null && r.expired));
  /** What the preview still asks before the job can start, in words (empty: nothing). */
  const unanswered = computed(() => {
    // Codes, not words: the preview says them in the person's language (BulkPreviewStep).
    const out: ('dates' | 'expired')[] = [];
    if ((preview.value.unsettledDates?.length ?? 0) > 0 && dayFirst.value === null) out.push('dates');
    if (expiredRows.value.length > 0 && expiredChoice.value === null) out.push('expired');
    return out;
  });

  function useSource(kind: 'lines' | 'csv', text: string, name: string): void {
    useTable(kind === 'lines' ? tableFromLines(text) : tableFromCsv(text), kind, name, null);
  }

  /** A table read from pasted lines, a CSV file or a saved API answer (JSON, `label` names its kind). */
  function useTable(
    read: ImportTable,
    kind: 'lines' | 'csv' | 'json',
    name: string,
    label: string | null,
    how: { encoding?: ImportEncoding; sheet?: { name: string; names: string[] }; labelRef?: MessageRef } = {},
  ): void {
    table.value = read;
    encoding.value = how.encoding ?? null;
    sheet.value = how.sheet ?? null;
    dayFirst.value = null;
    expiredChoice.value = null;
    const known = kind !== 'lines' && read.hasHeader ? recogniseFormat(read.headers) : null;
    // A saved API answer's own label, with its key so the mapping step says it in the person's language.
    recognised.value = known && label ? { ...known, label, ...(how.labelRef ? { labelRef: how.labelRef } : {}) } : known;
    mapping.value = guessMapping(read);
    overrides.value = new Map();
    sourceName.value = name;
    jobName.value = name;
    now.value = Date.now();
    step.value = kind === 'lines' ? 'preview' : 'mapping';
  }

  /** The bytes of the workbook being imported, to read another of its sheets when the person picks one. */
  let workbookBytes: Uint8Array | null = null;
  const sheetError = ref<string | null>(null);

  /** A sheet of a workbook (.xlsx, .ods), read by shared/import-workbook.ts. */
  function useWorkbook(read: Exclude<WorkbookFile, { error: string }>, bytes: Uint8Array, name: string): void {
    workbookBytes = bytes;
    sheetError.value = null;
    useTable(read.table, 'csv', name, null, { sheet: read.sheet });
  }

  /** Reads another sheet of the workbook; its sentence is kept when it cannot be imported. */
  async function pickSheet(name: string): Promise<void> {
    if (!workbookBytes || !sheet.value || name === sheet.value.name) return;
    const bytes = workbookBytes;
    const read = await readWorkbook(sourceName.value, bytes, name);
    if ('error' in read) {
      sheetError.value = read.error;
      return;
    }
    useWorkbook(read, bytes, sourceName.value);
  }

  /** Links fetched from another service's API: to the mapping step, recognised as that source. */
  function useFetched(result: LiveFetchResult): void {
    const read = result.table;
    const known = recogniseFormat(read.headers);
    table.value = read;
    encoding.value = null;
    sheet.value = null;
    dayFirst.value = null;
    expiredChoice.value = null;
    // The source's notes after the columns' reasons, keyed ones in the person's language (leftOutRefs
    // and leftOut run in step; a backend without keys gives its English notes only).
    const noteRefs = result.noteRefs?.length === result.notes.length ? result.noteRefs : [];
    recognised.value = known
      ? {
          ...known,
          label: result.label,
          // The label said in the person's language where the mapping step shows it (its English stays the stored origin).
          ...(result.labelRef ? { labelRef: result.labelRef } : {}),
          leftOut: [...known.leftOut, ...result.notes],
          leftOutRefs: [...known.leftOutRefs, ...noteRefs],
        }
      : null;
    mapping.value = guessMapping(read);
    overrides.value = new Map();
    sourceName.value = result.label;
    jobName.value = `${(result.labelRef && messageText(result.labelRef)) || result.label} ${formatDate(Date.now())}`;
    now.value = Date.now();
    step.value = 'mapping';
  }

  /* The dry run: aliases taken on this profile (its mirror), and the person's choices. */
  const targetAliases = shallowRef<TargetAlias[]>([]);
  const aliasCheck = ref<'idle' | 'checking' | 'ready' | 'error'>('idle');
  const aliasChoiceAll = ref<AliasChoice>(DEFAULT_ALIAS_CHOICE);
  const aliasChoiceByLine = ref(new Map<number, AliasChoice>());
  const clashes = computed(() => findAliasClashes(preview.value.rows, targetAliases.value));
  const clashCount = computed(() => clashCounts(clashes.value));
  /** The person confirmed "Create these N channels on <profile>". */
  const createChannels = ref(false);
  /** While the confirmed channels are made: how many of how many have their id. */
  const channelProgress = ref<{ done: number; total: number } | null>(null);
  /** Said after a start whose channels wait in the outbox (offline). */
  const startNote = ref<string | null>(null);

  const fileAliases = computed(() => [...new Set(preview.value.rows.map((r) => r.input?.custom).filter((a): a is string => !!a))].sort());
  let aliasGeneration = 0;
  // Links synced or made meanwhile may take an alias of the file: checked again.
  const aliasTick = ref(0);
  onEvent('mirror:changed', (payload) => {
    if (step.value === 'preview' && isRecord(payload) && Array.isArray(payload['topics']) && payload['topics'].includes('links')) aliasTick.value++;
  });
  watch(
    [fileAliases, () => profiles.currentId, aliasTick],
    async ([aliases]) => {
      const mine = ++aliasGeneration;
      if (aliases.length === 0) {
        targetAliases.value = [];
        aliasCheck.value = 'idle';
        return;
      }
      aliasCheck.value = 'checking';
      try {
        const found = await call('bulk:aliases', { aliases });
        if (mine !== aliasGeneration) return;
        targetAliases.value = Array.isArray(found) ? found : [];
        aliasCheck.value = 'ready';
      } catch {
        if (mine !== aliasGeneration) return;
        targetAliases.value = [];
        aliasCheck.value = 'error';
      }
    },
    { immediate: true },
  );

  function setAliasChoice(line: number | 'all', choice: AliasChoice): void {
    if (line === 'all') {
      aliasChoiceAll.value = choice;
      aliasChoiceByLine.value = new Map();
      return;
    }
    const next = new Map(aliasChoiceByLine.value);
    next.set(line, choice);
    aliasChoiceByLine.value = next;
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
    aliasChoiceAll.value = DEFAULT_ALIAS_CHOICE;
    aliasChoiceByLine.value = new Map();
    createChannels.value = false;
    encoding.value = null;
    sheet.value = null;
    workbookBytes = null;
    sheetError.value = null;
    dayFirst.value = null;
    expiredChoice.value = null;
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

  /** The preview's answers as the job's rows follow them. */
  function planChoices(): { expired?: ExpiredChoice; service?: string } {
    return { ...(expiredChoice.value ? { expired: expiredChoice.value } : {}), ...(recognised.value?.service ? { service: recognised.value.service } : {}) };
  }

  /** Starts a job with the preview's good rows; rejects with the BridgeError so the view can say why. */
  async function start(): Promise<BulkJob> {
    const name = jobName.value.trim() || t('bulk.store.defaultJobName', { at: formatDateTime(Date.now(), { seconds: true }) });
    startNote.value = null;
    if (unanswered.value.length > 0) {
      const which = unanswered.value.length > 1 ? 'both' : unanswered.value[0] === 'dates' ? 'dates' : 'expired';
      throw new BridgeError('invalid-input', t('bulk.store.unanswered', { which }));
    }
    // Channels only after the person's confirmation; the rows then name them (see import-channels.ts).
    const missing = preview.value.missingChannels.map((c) => c.name);
    let created = new Map<string, number>();
    if (createChannels.value && missing.length > 0) {
      channelProgress.value = { done: 0, total: missing.length };
      try {
        const made = await createImportChannels(missing, connection.online, (done) => (channelProgress.value = { done, total: missing.length }));
        created = made.ids;
        if (made.queued) {
          startNote.value = t('bulk.store.channelsQueued', { n: missing.length });
        }
      } finally {
        channelProgress.value = null;
      }
    }
    const choices = { all: aliasChoiceAll.value, byLine: aliasChoiceByLine.value };
    const out = jobRows(preview.value.rows, clashes.value, choices, created, planChoices());
    if (out.rows.length === 0) throw new BridgeError('invalid-input', t('bulk.store.allSkipped'));
    // What the old service knew (clicks, created date, more tags, what a row could not take) travels with the rows, to be kept beside the links they get.
    const origin = jobOrigin(out, recognised.value ? { label: recognised.value.label, service: recognised.value.service } : null);
    const withAliases = out.rows.some((r) => r.custom);
    const job = await call('bulk:start', {
      name,
      rows: out.rows,
      reuse: reuse.value,
      ...(origin ? { origin } : {}),
      ...(withAliases ? { onAliasTaken: out.onAliasTaken } : {}),
    });
    put(job);
    if (startNote.value) notices.push('info', startNote.value);
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
    encoding,
    sheet,
    sheetError,
    useWorkbook,
    pickSheet,
    dayFirst,
    expiredChoice,
    expiredRows,
    unanswered,
    planChoices,
    targetAliases,
    aliasCheck,
    aliasChoiceAll,
    aliasChoiceByLine,
    clashes,
    clashCount,
    setAliasChoice,
    createChannels,
    channelProgress,
    startNote,
    useSource,
    useTable,
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
