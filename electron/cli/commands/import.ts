import type { BulkJob } from '../../shared/bulk.js';
import {
  guessMapping,
  previewRows,
  rowProblemMessages,
  rowProblems,
  type BulkLookups,
} from '../../shared/bulk-import.js';
import { recogniseFormat } from '../../shared/import-formats.js';
import type { Campaign, Channel, Domain, MirrorList } from '../../shared/models.js';
import type { CommandContext } from '../context.js';
import { CliError, cliError, EXIT, usageError, usageErrorT } from '../exit-codes.js';
import { renderMessage } from '../../shared/message-ref.js';
import { errorText, t } from '../i18n.js';
import { readImportSource } from '../import-source.js';
import { jobOrigin } from '../../shared/import-aliases.js';

const LOOK_EVERY_MS = 300;

/**
 * `linkdeck import FILE [--sheet NAME] [--yes]`: the app's importer (its file readers, see
 * import-source.ts, then shared/bulk-import.ts: the same format recognition, column guess and row
 * checks as the Bulk view), then its bulk job. Without --yes only the dry run's summary is shown
 * and nothing is sent.
 */
export async function run(
  ctx: CommandContext,
  args: unknown[],
  opts: Record<string, unknown>,
): Promise<number> {
  const path = args[0] as string;
  const sheet = typeof opts['sheet'] === 'string' ? opts['sheet'] : undefined;
  // The Bulk view's readers: a workbook's sheet, CSV, text or a saved API answer (JSON).
  const { name, file } = await readImportSource(path, sheet);
  const workbook = 'sheet' in file ? { format: file.format, sheet: file.sheet.name, sheets: file.sheet.names } : null;
  const session = await ctx.session({ needsKey: true });
  if (!session.isCurrentProfile)
    throw usageErrorT('cli.import.notCurrent', { profile: session.profile.name });
  const lookups: BulkLookups = {
    channels: (await session.call<MirrorList<Channel>>('channels:list')).items,
    campaigns: (await session.call<MirrorList<Campaign>>('campaigns:list')).items,
    domains: (await session.call<MirrorList<Domain>>('domains:list')).items,
  };
  const table = file.table;
  const known = table.hasHeader ? recogniseFormat(table.headers) : null;
  // A saved API answer's own label (and its key); a CSV export's is the recognised format's.
  const format = known && file.label ? { ...known, label: file.label, ...(file.labelRef ? { labelRef: file.labelRef } : {}) } : known;
  const preview = previewRows(table, guessMapping(table), lookups, Date.now());
  const { out } = ctx;
  const bad = preview.rows.filter((r) => r.input === null);
  const summary = {
    file: path,
    ...(workbook ? { workbook } : {}),
    // How a text file's bytes were read (Excel's CSV is Windows-1252, its "Unicode Text" UTF-16).
    ...('encoding' in file && file.encoding ? { encoding: file.encoding } : {}),
    // English in --json (scripts read it); said in the person's language below.
    format: format?.label ?? (table.hasHeader ? (workbook ? 'a sheet with column names' : 'CSV') : 'one URL per line'),
    rows: preview.rows.length,
    valid: preview.valid,
    invalid: preview.invalid,
    problems: bad.slice(0, 20).map((r) => ({ line: r.line, problems: rowProblems(r) })),
    missingChannels: preview.missingChannels,
    blocker: preview.blocker,
  };
  if (!out.json || opts['yes'] !== true) {
    if (out.json) out.data({ dryRun: true, ...summary });
    else {
      const formatWords =
        (format ? renderMessage(format.labelRef, t) : null) ??
        (table.hasHeader ? (workbook ? t('cli.import.formatSheet') : t('cli.import.formatCsv')) : t('cli.import.formatLines'));
      const counts = { file: path, format: formatWords, rows: summary.rows, valid: summary.valid, invalid: summary.invalid };
      out.note(
        workbook
          ? t('cli.import.summarySheet', { ...counts, sheet: workbook.sheet })
          : t('cli.import.summary', counts),
      );
      // Each row's problems in the person's language where they carry a key (English in --json).
      for (const r of bad.slice(0, summary.problems.length))
        out.note(t('cli.import.lineProblems', { line: r.line, problems: rowProblemMessages(r).map((m) => (typeof m === 'string' ? m : renderMessage(m, t))).join(' ') }));
      if (bad.length > summary.problems.length)
        out.note(t('cli.import.more', { n: bad.length - summary.problems.length }));
      for (const c of summary.missingChannels)
        out.note(t('cli.import.noChannel', { name: c.name, profile: session.profile.name, n: c.rows }));
    }
  }
  if (preview.blocker)
    throw preview.blockerRef ? new CliError(EXIT.usage, renderMessage(preview.blockerRef, t), preview.blocker) : usageError(preview.blocker);
  if (preview.valid === 0) throw usageErrorT('cli.import.noRow');
  if (opts['yes'] !== true) {
    out.note(t('cli.import.dryRun'));
    return EXIT.done;
  }

  const good = preview.rows.filter((r) => r.input !== null);
  const origin = jobOrigin(
    {
      formerClicks: good.map((r) => r.formerClicks ?? null),
      created: good.map((r) => r.created ?? null),
      moreTags: good.map((r) => r.moreTags ?? null),
    },
    format ? { label: format.label, ...(format.service ? { service: format.service } : {}) } : null,
  );
  let job = await session.call<BulkJob>('bulk:start', {
    name: workbook ? `${name} (${workbook.sheet})` : name,
    rows: good.map((r) => r.input),
    reuse: true,
    ...(origin ? { origin } : {}),
  });
  while (job.status === 'running' || (job.status === 'waiting' && !offline(job))) {
    const progress = { done: job.total - job.counts.queued - job.counts.sending, total: job.total };
    out.note(
      job.message
        ? t('cli.import.progressWhy', { ...progress, why: jobWords(job) })
        : t('cli.import.progress', progress),
    );
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    job = (await session.call<BulkJob[]>('bulk:list')).find((j) => j.id === job.id) ?? job;
  }
  if (out.json) out.data({ dryRun: false, ...summary, job });
  else
    out.note(
      t('cli.import.result', {
        created: job.counts.created,
        reused: job.counts.reused,
        failed: job.counts.failed,
        queued: job.counts.queued,
      }),
    );
  if (job.status === 'waiting') {
    out.warn(t('cli.import.waits', { why: job.message ? jobWords(job) : t('cli.sync.unreachable') }));
    return EXIT.queued;
  }
  if (job.counts.failed > 0)
    throw cliError(EXIT.refused, 'cli.import.refused', { n: job.counts.failed, name: job.name });
  return EXIT.done;
}

/** What a job waits for in the command line's language (its key), else its English words. */
const jobWords = (job: BulkJob): string => errorText({ message: job.message ?? '', ...(job.messageRef ?? {}) });

/** A job waiting for the network (rather than for its rate budget) is left to the app. */
const offline = (job: BulkJob) => /reach|offline|connect/i.test(job.message ?? '');
