import type { LinkInput, OutboxItem } from '../../shared/models.js';
import { customAliasIssue, webUrlIssue } from '../../shared/link-validation.js';
import { englishText, nameList, renderMessage, sentencesRef, type MessageRef } from '../../shared/message-ref.js';
import { refOf } from '../../shared/field-issue.js';
import { applyUtm, type UtmTemplate } from '../../shared/utm.js';
import { copyToClipboard } from '../clipboard.js';
import type { CommandContext } from '../context.js';
import { cliError, EXIT, usageErrorT } from '../exit-codes.js';
import { errorText, t } from '../i18n.js';
import { campaignNamed, channelNamed, domainNamed } from '../lookups.js';
import { settle, type Settled } from '../outbox-wait.js';
import { nonBlankLines, readStdin } from '../read-input.js';
import type { Session } from '../session.js';

interface ShortenOptions {
  alias?: string;
  channel?: string;
  campaign?: string;
  domain?: string;
  utmTemplate?: string;
  copy?: boolean;
}

/** One input line and what became of it. */
interface Row {
  url: string;
  input?: LinkInput;
  opId?: string;
  /** `said`: the message in the person's language (stderr); `message` stays English for --json. */
  result?: Settled | { kind: 'invalid'; message: string; said?: string };
}

/** Why a line was refused, for the person: the service's words as they came, Linkdeck's in their language. */
const problemText = (result: NonNullable<Row['result']>): string =>
  result.kind === 'refused' ? errorText(result.error) : 'said' in result && result.said !== undefined ? result.said : 'message' in result ? result.message : '';

/** A line the app's own checks refuse: English for --json, the person's language on stderr. */
const invalid = (ref: MessageRef): { kind: 'invalid'; message: string; said: string } => ({
  kind: 'invalid',
  message: englishText(ref),
  said: renderMessage(ref, t),
});

/**
 * `linkdeck shorten URL… | -`: each URL becomes a queued create in the outbox (the app's own
 * path: one Idempotency-Key per link, so a retry never makes a second link); the command then
 * waits until they are sent, and prints the short URLs in the order the URLs came.
 */
export async function run(
  ctx: CommandContext,
  args: unknown[],
  opts: Record<string, unknown>,
): Promise<number> {
  const options = opts as ShortenOptions;
  const given = args[0] as string[];
  const urls = given.length === 1 && given[0] === '-' ? nonBlankLines(await readStdin()) : given;
  if (given.includes('-') && given.length > 1)
    throw usageErrorT('cli.shorten.argsAndStdin');
  if (urls.length === 0) throw usageErrorT('cli.shorten.noUrl');
  if (options.alias !== undefined && urls.length > 1) throw usageErrorT('cli.shorten.aliasOneUrl');

  const session = await ctx.session({ needsKey: true });
  const base = await baseInput(session, options);
  const template = options.utmTemplate ? await utmTemplate(session, options.utmTemplate) : null;
  const rows: Row[] = urls.map((url) => ({ url }));
  for (const row of rows) {
    let url = row.url;
    // The app's own checks (the quick-shorten form's): a bad line is named, nothing is queued for it.
    const problem =
      webUrlIssue(url) ??
      (options.alias !== undefined ? customAliasIssue(options.alias) : null);
    if (problem) {
      row.result = invalid(problem);
      continue;
    }
    if (template) {
      const tagged = applyUtm(url, template.params);
      if (!tagged.ok) {
        const refs = tagged.issues.map(refOf).filter((r): r is MessageRef => r !== null);
        const [first, ...rest] = refs;
        row.result = first && refs.length === tagged.issues.length
          ? invalid(sentencesRef([first, ...rest]))
          : { kind: 'invalid', message: tagged.issues.map((i) => i.message).join(' ') };
        continue;
      }
      url = tagged.url;
    }
    row.input = { ...base, url, ...(options.alias !== undefined ? { custom: options.alias } : {}) };
  }
  // Queued one by one, in order: the outbox sends them in that order too.
  for (const row of rows) {
    if (!row.input) continue;
    const queued = await session.attempt<OutboxItem>('links:create', row.input);
    if (queued.ok) row.opId = queued.value.opId;
    else row.result = { kind: 'invalid', message: queued.error.message, said: errorText(queued.error) };
  }
  const settled = await settle(
    session,
    rows.flatMap((r) => (r.opId ? [r.opId] : [])),
  );
  for (const row of rows) if (row.opId) row.result = settled.get(row.opId)!;

  return report(ctx, session, rows, options.copy ?? false);
}

async function baseInput(
  session: Session,
  options: ShortenOptions,
): Promise<Omit<LinkInput, 'url'>> {
  const base: Omit<LinkInput, 'url'> = {};
  if (options.channel) base.channel = (await channelNamed(session, options.channel)).id;
  if (options.campaign) base.campaign = (await campaignNamed(session, options.campaign)).id;
  if (options.domain) base.domain = (await domainNamed(session, options.domain)).domain;
  return base;
}

async function utmTemplate(session: Session, name: string): Promise<UtmTemplate> {
  const templates = await session.call<UtmTemplate[]>('utm:templates');
  const found = templates.find((t) => t.name.toLowerCase() === name.trim().toLowerCase());
  if (!found)
    throw templates.length
      ? usageErrorT('cli.shorten.noTemplate', { name, names: nameList(templates.map((u) => u.name), { quote: true }) })
      : usageErrorT('cli.shorten.noTemplateAtAll', { name });
  return found;
}

async function report(
  ctx: CommandContext,
  session: Session,
  rows: Row[],
  copy: boolean,
): Promise<number> {
  const { out } = ctx;
  const shortOf = (r: Row) => (r.result?.kind === 'done' ? r.result.outcome.shortUrl : null);
  if (out.json) {
    out.data(
      rows.map((r) => ({
        url: r.url,
        shortUrl: shortOf(r),
        status: r.result?.kind ?? 'invalid',
        ...(r.result && 'message' in r.result ? { message: r.result.message } : {}),
        ...(r.result?.kind === 'queued' ? { message: r.result.reason } : {}),
      })),
    );
  } else if (out.human) {
    for (const r of rows) {
      const short = shortOf(r);
      if (short) out.line(`${out.style('bold', short)}  ${out.style('dim', r.url)}`);
    }
  } else if (rows.some(shortOf) || rows.length > 1) {
    // Piped: one line per input line, in order, empty where nothing was made (the reason is on
    // stderr), so `paste` pairs each long URL with its short one.
    out.lines(rows.map((r) => shortOf(r) ?? ''));
  }
  const invalid = rows.filter((r) => r.result?.kind === 'invalid' || r.result?.kind === 'refused');
  const queued = rows.filter((r) => r.result?.kind === 'queued');
  for (const r of invalid)
    out.error(
      t('cli.shorten.lineProblem', {
        line: rows.indexOf(r) + 1,
        url: r.url,
        problem: problemText(r.result!),
      }),
    );
  const made = rows.filter(shortOf).length;
  if (invalid.length && rows.length > 1)
    out.note(
      queued.length
        ? t('cli.shorten.tallyQueued', { made, n: rows.length, queued: queued.length, invalid: invalid.length })
        : t('cli.shorten.tally', { made, n: rows.length, invalid: invalid.length }),
    );
  if (queued.length) {
    const reason = (queued[0]!.result as { reason: string }).reason;
    out.warn(
      `${t('cli.shorten.queued', { n: queued.length, url: queued[0]!.url, profile: session.profile.name, reason })} ` +
        (session.mode === 'app'
          ? t('cli.shorten.sendsSoon', { n: queued.length })
          : t('cli.shorten.sendsLater', { n: queued.length })),
    );
  }
  let copyFailed = false;
  if (copy) {
    const shorts = rows.map(shortOf).filter((s): s is string => !!s);
    if (shorts.length) {
      const tool = await copyToClipboard(shorts.join('\n'));
      if (tool)
        out.note(
          t('cli.shorten.copied', { n: shorts.length }),
        );
      else {
        out.error(t('cli.shorten.copyFailed'));
        copyFailed = true;
      }
    }
  }
  if (invalid.length) {
    // Refused by our own checks before anything was queued: a usage error when nothing went.
    const refusedByService = rows.some((r) => r.result?.kind === 'refused');
    return refusedByService || invalid.length < rows.length ? EXIT.refused : EXIT.usage;
  }
  if (queued.length) return EXIT.queued;
  if (!rows.some(shortOf)) throw cliError(EXIT.refused, 'cli.shorten.nothingBack');
  // Asked to copy and could not: the short URLs are made (and printed), but the command did not
  // do all it was asked.
  return copyFailed ? EXIT.refused : EXIT.done;
}
