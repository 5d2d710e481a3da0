import type { BulkRowStatus } from '../../shared/bulk.js';
import { linkInputIssues } from '../../shared/link-validation.js';
import { englishText, msg, sentencesRef, type MessageRef } from '../../shared/message-ref.js';
import { sameUrl } from '../../shared/import-aliases.js';
import type { CampaignInput, ChannelInput, LinkInput, LinkRedirect, MirrorLink, RateBudgetState } from '../../shared/models.js';
import type { TransferAliasClash, TransferLeftOut, TransferPlan, TransferRequest } from '../../shared/transfer.js';
import { hostOf } from '../mirror/dates.js';
import { knownLinkFields } from '../mirror/link-known-fields.js';
import type { Mirror } from '../mirror/mirror.js';
import type { RowError } from '../bulk/bulk-store.js';
import { estimateEtaMs } from '../sync/eta.js';

/*
 * The dry run of a transfer and the rows its job gets, both read from the two mirrors (no request
 * to either service): the same function answers `transfer:plan` and builds `transfer:start`'s
 * rows, so what the person confirmed is what runs.
 *
 * A link's fields come from what the source's mirror knows of it: its details (read when it was
 * opened, or by the background crawl) merged with what Linkdeck itself sent (link-known-fields).
 * A link with neither is not copied half-known: it is 'unreadable' until its details are read.
 */

export interface TransferSide {
  mirror: Mirror;
  name: string;
  budget: Pick<RateBudgetState, 'limit' | 'remaining' | 'resetAt'> | null;
}

/** One row of the job: a source link, what the target is asked to make, and how it starts. */
export interface PlannedRow {
  input: LinkInput;
  sourceLinkId: number;
  sourceShortUrl: string;
  status: Extract<BulkRowStatus, 'queued' | 'failed' | 'cancelled'>;
  /** A keyed sentence (importNotes.*) so the job card says it in the person's language; English through englishText. */
  error: RowError | null;
}

/** Names the target lacks, to create there before the rows (start only). */
export interface PlannedNames {
  channels: string[];
  campaigns: string[];
}

export interface TransferDraft {
  plan: TransferPlan;
  rows: PlannedRow[];
  /** Rows that name a channel or campaign to be created, by name (filled in by the caller with the ids it got). */
  channelOfRow: Map<number, string>;
  campaignOfRow: Map<number, string>;
  /** What the missing channels and campaigns are created with: the source's colour, description and public flag. */
  namesToCreate: { channels: ChannelInput[]; campaigns: CampaignInput[] };
}

const key = (name: string) => name.trim().toLowerCase();

/** Time one link (or name) create takes at the service, ms: it fetches the page's title first. */
export const CREATE_MS = 3_000;
/** Time one delete takes, ms. */
export const DELETE_MS = 500;

/** Names compared as the service compares them (MySQL's default: without regard to case). */
function byName<T extends { id: number; name: string }>(items: readonly T[], extra?: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) {
    const k = key(item.name) + (extra ? `\n${extra(item)}` : '');
    if (!out.has(k) || item.id > 0) out.set(k, item.id);
  }
  return out;
}

const nonEmpty = (text: string | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** Whether the mirror knows the link's fields: its details were read, or Linkdeck made or edited it. */
function readableOf(mirror: Mirror, id: number): { readable: boolean } {
  const row = mirror.sql.get<{ details_at: number | null; sent: number | null }>(
    'SELECT details_at, (SELECT 1 FROM link_sent_fields WHERE link_id = l.id) AS sent FROM links l WHERE id = ?',
    [id],
  );
  return { readable: row !== undefined && row !== null && (row.details_at !== null || row.sent !== null) };
}

/** Branded domains of a mirror: host → the domain as the input names it (with its scheme). */
function brandedHosts(mirror: Mirror): Map<string, string> {
  return new Map(mirror.domains().items.map((d) => [hostOf(d.domain), d.domain]));
}

/** The target's links holding an alias on a domain (its host; '' for the service's own). */
function targetAliasUrls(target: Mirror, alias: string, host: string): string[] {
  const onDomain = host
    ? { sql: 'domain = ?', params: [host] }
    : { sql: "domain NOT IN (SELECT host FROM domains WHERE host <> '')", params: [] };
  return target.sql
    .all<{ long_url: string }>(
      `SELECT long_url FROM links WHERE alias = ? AND ${onDomain.sql} AND failed IS NULL AND (pending IS NULL OR pending <> 'delete')`,
      [alias, ...onDomain.params],
    )
    .map((r) => r.long_url);
}

/**
 * Plans a transfer. `now` is the clock's time; `createMissing` of the request decides whether the
 * rows name the channels and campaigns the target lacks (the caller creates them) or go without.
 */
export function planTransfer(request: TransferRequest, source: TransferSide, target: TransferSide, now: number): TransferDraft {
  const src = source.mirror;
  const dst = target.mirror;
  const srcBranded = brandedHosts(src);
  const srcChannelItems = src.channels().items;
  const srcCampaignItems = src.campaigns().items;
  const srcChannels = new Map(srcChannelItems.map((c) => [c.id, c.name]));
  const srcCampaigns = new Map(srcCampaignItems.map((c) => [c.id, c.name]));
  const srcPixels = new Map(src.pixels().items.map((p) => [p.id, p]));
  const srcOverlays = new Map(src.overlays().items.map((o) => [o.id, o]));
  const srcSplash = new Map(src.splashPages().items.map((s) => [s.id, s]));
  const dstChannels = byName(dst.channels().items);
  const dstCampaigns = byName(dst.campaigns().items);
  const dstPixels = byName(dst.pixels().items, (p) => p.type.toLowerCase());
  const dstOverlays = byName(dst.overlays().items, (o) => o.type.toLowerCase());
  const dstSplash = byName(dst.splashPages().items);

  const missingChannels = new Map<string, string>();
  const missingCampaigns = new Map<string, string>();
  const leftOut = new Map<string, TransferLeftOut>();
  const noteLeftOut = (kind: TransferLeftOut['kind'], name: string) => {
    const k = `${kind}\n${key(name)}`;
    const entry = leftOut.get(k) ?? { kind, name, links: 0 };
    entry.links++;
    leftOut.set(k, entry);
  };

  const rows: PlannedRow[] = [];
  const channelOfRow = new Map<number, string>();
  const campaignOfRow = new Map<number, string>();
  const aliasClashes: TransferAliasClash[] = [];
  const unreadable: TransferPlan['unreadable'] = [];
  let toCreate = 0;
  let alreadyThere = 0;

  for (const id of request.ids) {
    const link: MirrorLink | null = src.link(id);
    const shortUrl = link?.shortUrl ?? '';
    const refuse = (reason: MessageRef, input?: LinkInput, neverRead = false) => {
      unreadable.push({ id, shortUrl, reason: englishText(reason), reasonRef: reason, ...(neverRead ? { neverRead: true as const } : {}) });
      // Left out, as the check said: not a failure of the job (which showed "1 failed" in red).
      rows.push({ input: input ?? { url: link?.longUrl || 'about:blank' }, sourceLinkId: id, sourceShortUrl: shortUrl, status: 'cancelled', error: msg('importNotes.transferLeftOut', { reason }) });
    };
    if (!link) {
      refuse(msg('importNotes.transferGone', { source: source.name }));
      continue;
    }
    if (link.provisional || id < 0) {
      refuse(msg('importNotes.transferNotOnService'));
      continue;
    }
    if (link.pending === 'delete') {
      refuse(msg('importNotes.transferBeingDeleted'));
      continue;
    }
    if (!readableOf(src, id).readable) {
      refuse(msg('importNotes.transferNeverRead'), undefined, true);
      continue;
    }
    const known = knownLinkFields(src.sql, id);
    if (known.password === undefined && link.passwordProtected === true) {
      refuse(msg('importNotes.transferPassword'));
      continue;
    }
    const input: LinkInput = { url: known.url ?? link.longUrl, custom: link.alias };
    const srcHost = link.domain;
    const domain = srcBranded.get(srcHost);
    if (domain) input.domain = domain;
    const targetHost = domain ? hostOf(domain) : '';
    if (nonEmpty(known.password)) input.password = known.password;
    if (nonEmpty(known.expiry)) input.expiry = known.expiry;
    if (known.geoTarget?.length) input.geoTarget = known.geoTarget;
    if (known.deviceTarget?.length) input.deviceTarget = known.deviceTarget;
    if (known.languageTarget?.length) input.languageTarget = known.languageTarget;
    if (nonEmpty(known.metaTitle)) input.metaTitle = known.metaTitle;
    if (nonEmpty(known.metaDescription)) input.metaDescription = known.metaDescription;
    if (nonEmpty(known.metaImage)) input.metaImage = known.metaImage;
    if (nonEmpty(known.description)) input.description = known.description;
    if (known.deepLink && (known.deepLink.apple || known.deepLink.google)) {
      input.deepLink = { ...(known.deepLink.apple ? { apple: known.deepLink.apple } : {}), ...(known.deepLink.google ? { google: known.deepLink.google } : {}) };
    }
    if (known.parameters?.length) input.parameters = known.parameters;
    if (link.status) input.status = link.status;

    const type = mapRedirect(known.type, { srcOverlays, srcSplash, dstOverlays, dstSplash, noteLeftOut });
    if (type !== undefined) input.type = type;
    const pixels: number[] = [];
    for (const pixelId of known.pixels ?? []) {
      const pixel = srcPixels.get(pixelId);
      if (!pixel) continue;
      const mapped = dstPixels.get(`${key(pixel.name)}\n${pixel.type.toLowerCase()}`);
      if (mapped !== undefined) pixels.push(mapped);
      else noteLeftOut('pixel', pixel.name);
    }
    if (pixels.length) input.pixels = pixels;

    const channelName = link.channelId !== null ? srcChannels.get(link.channelId) : undefined;
    if (channelName !== undefined) {
      const mapped = dstChannels.get(key(channelName));
      if (mapped !== undefined) input.channel = mapped;
      else {
        if (!missingChannels.has(key(channelName))) missingChannels.set(key(channelName), channelName);
        if (request.createMissing) channelOfRow.set(rows.length, key(channelName));
      }
    }
    const campaignId = typeof known.campaign === 'number' ? known.campaign : link.campaignId;
    const campaignName = campaignId !== null && campaignId !== undefined ? srcCampaigns.get(campaignId) : undefined;
    if (campaignName !== undefined) {
      const mapped = dstCampaigns.get(key(campaignName));
      if (mapped !== undefined) input.campaign = mapped;
      else {
        if (!missingCampaigns.has(key(campaignName))) missingCampaigns.set(key(campaignName), campaignName);
        if (request.createMissing) campaignOfRow.set(rows.length, key(campaignName));
      }
    }

    // The alias: kept when free on the target; the same alias for the same address is that link.
    const holders = targetAliasUrls(dst, link.alias, targetHost);
    let outcome: 'there' | 'create' | 'skip' = 'create';
    if (holders.some((u) => sameUrl(u, input.url))) outcome = 'there';
    else if (holders.length > 0) {
      if (request.aliasTaken === 'skip') outcome = 'skip';
      else {
        delete input.custom;
        if (dst.findReusable({ url: input.url, ...(input.domain ? { domain: input.domain } : {}) })) outcome = 'there';
      }
      // A clash the target already resolved (a random-alias copy made by an earlier run is that
      // link) is no clash: no new random alias is given.
      if (outcome !== 'there') aliasClashes.push({ id, alias: link.alias, shortUrl });
    }
    let status: PlannedRow['status'] = 'queued';
    let error: RowError | null = null;
    const problems = outcome === 'skip' ? [] : Object.values(linkInputIssues(input, { mode: 'create', now }));
    if (outcome === 'skip') {
      status = 'cancelled';
      error = msg('importNotes.transferAliasTaken', { target: target.name, alias: link.alias, url: holders[0] ?? '' });
    } else if (problems.length > 0) {
      // Checked as the bulk runner checks every row (an expiry in the past, …): it fails alone, in
      // words; several problems are a list of sentences, each said in the person's language.
      const reason = sentencesRef(problems as [MessageRef, ...MessageRef[]]);
      unreadable.push({ id, shortUrl, reason: englishText(reason), reasonRef: reason });
      error = msg('importNotes.transferLeftOut', { reason });
      status = 'cancelled';
    } else if (outcome === 'there') alreadyThere++;
    else toCreate++;
    rows.push({ input, sourceLinkId: id, sourceShortUrl: shortUrl, status, error });
  }

  const names = missingChannels.size + missingCampaigns.size;
  const requests = { target: toCreate, source: request.mode === 'move' ? toCreate + alreadyThere : 0, names };
  // Each request's own time counts, not only the budget's waits: a create waits for the service
  // to read the target page's title (see design.md), so 18 creates at 30 a minute took 62 s where
  // the budget alone said "less than a minute" (issue 28).
  const eta = (side: TransferSide, n: number, latencyMs: number) =>
    side.budget ? estimateEtaMs({ requestsLeft: n, budget: side.budget, now, share: 1, latencyMs }) : n * latencyMs;
  const etaOf = (creates: number) => Math.round(Math.max(eta(target, creates, CREATE_MS), eta(source, requests.source, DELETE_MS)));
  const syncedAt = dst.syncedAt('links');
  const plan: TransferPlan = {
    mode: request.mode,
    sourceName: source.name,
    targetName: target.name,
    links: request.ids.length,
    toCreate,
    alreadyThere,
    aliasClashes,
    missingChannels: [...missingChannels.values()],
    missingCampaigns: [...missingCampaigns.values()],
    rotatorsNotCarried: rotatorsNotCarried(srcCampaignItems, missingCampaigns.values()),
    leftOut: [...leftOut.values()],
    unreadable,
    requests,
    etaMs: etaOf(toCreate),
    etaWithNamesMs: etaOf(toCreate + names),
    targetMirrorAgeMs: syncedAt === null ? null : Math.max(0, now - syncedAt),
  };
  const namesToCreate = {
    channels: [...missingChannels.values()].map((name): ChannelInput => {
      const c = srcChannelItems.find((item) => key(item.name) === key(name));
      return { name, ...(c?.description ? { description: c.description } : {}), ...(c?.color ? { color: c.color } : {}) };
    }),
    campaigns: [...missingCampaigns.values()].map((name): CampaignInput => {
      const c = srcCampaignItems.find((item) => key(item.name) === key(name));
      return { name, ...(c ? { public: c.public } : {}) };
    }),
  };
  return { plan, rows, channelOfRow, campaignOfRow, namesToCreate };
}

/**
 * The rotator slugs of the missing campaigns that are not carried: a slug is unique across a
 * whole service (every account's campaigns), so asking for it could make the target refuse the
 * campaign and with it its links; the dry run names them instead (issue 28).
 */
function rotatorsNotCarried(campaigns: readonly { name: string; rotator: string | null }[], missing: Iterable<string>): { campaign: string; slug: string }[] {
  const out: { campaign: string; slug: string }[] = [];
  for (const name of missing) {
    const rotator = campaigns.find((c) => key(c.name) === key(name))?.rotator;
    if (!rotator) continue;
    let slug: string;
    try {
      slug = new URL(rotator).pathname.split('/').filter(Boolean).pop() ?? '';
    } catch {
      slug = rotator;
    }
    if (slug) out.push({ campaign: name, slug });
  }
  return out;
}

interface RedirectMaps {
  srcOverlays: Map<number, { name: string; type: string }>;
  srcSplash: Map<number, { name: string }>;
  dstOverlays: Map<string, number>;
  dstSplash: Map<string, number>;
  noteLeftOut: (kind: TransferLeftOut['kind'], name: string) => void;
}

/** A custom splash page or overlay is the target's one of the same name (and type); otherwise left out. */
function mapRedirect(type: LinkRedirect | undefined, m: RedirectMaps): LinkRedirect | undefined {
  if (type === undefined || typeof type === 'string') return type;
  if ('splashPageId' in type) {
    const page = m.srcSplash.get(type.splashPageId);
    const mapped = page ? m.dstSplash.get(key(page.name)) : undefined;
    if (mapped !== undefined) return { splashPageId: mapped };
    // One the source no longer names is shown by its id: the sentence around it says what it is.
    m.noteLeftOut('splash', page?.name ?? `#${type.splashPageId}`);
    return undefined;
  }
  const overlay = m.srcOverlays.get(type.overlayId);
  const mapped = overlay ? m.dstOverlays.get(`${key(overlay.name)}\n${overlay.type.toLowerCase()}`) : undefined;
  if (mapped !== undefined) return { overlayId: mapped };
  m.noteLeftOut('overlay', overlay?.name ?? `#${type.overlayId}`);
  return undefined;
}
