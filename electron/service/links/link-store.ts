import type { StoreContext } from '../context.js';
import { isUniqueViolation } from '../database/errors.js';
import { all, engine, first, q, run, transaction, type Work } from '../database/work.js';
import { ApiError, conflict, notFound } from '../errors.js';
import { freeRandomAliasWork } from './aliases.js';
import type {
  DeepLink,
  DeviceTarget,
  GeoTarget,
  LanguageTarget,
  LinkInput,
  Parameter,
  RedirectChoice,
} from './link-input.js';
import type { LinkReferences } from './link-references.js';
import { listStatements, type ListQuery } from './link-list-query.js';
export type { ListQuery } from './link-list-query.js';
import { linkTitle } from './link-title.js';
import { hashPassword } from './password.js';

/** A link as stored, with its branded domain (null: the service's own host). */
export interface StoredLink {
  id: number;
  domainId: number;
  domain: string | null;
  alias: string;
  custom: boolean;
  longUrl: string;
  title: string;
  note: string;
  redirectType: string;
  splashId: number | null;
  overlayId: number | null;
  passwordHash: string | null;
  expiresAt: number | null;
  status: string;
  metaTitle: string;
  metaDescription: string;
  metaImage: string;
  geotarget: GeoTarget[];
  devicetarget: DeviceTarget[];
  languagetarget: LanguageTarget[];
  deeplink: DeepLink;
  parameters: Parameter[];
  channelId: number | null;
  channelAddedAt: number | null;
  campaignId: number | null;
  pixels: number[];
  clicks: number;
  createdAt: number;
  updatedAt: number;
}

/** The fields of a list item. */
export interface LinkSummary {
  id: number;
  alias: string;
  domain: string | null;
  longUrl: string;
  clicks: number;
  title: string;
  note: string;
  createdAt: number;
}

interface LinkRow {
  id: number;
  domain_id: number;
  domain: string | null;
  alias: string;
  custom: number;
  long_url: string;
  title: string;
  note: string;
  redirect_type: string;
  splash_id: number | null;
  overlay_id: number | null;
  password_hash: string | null;
  expires_at: number | null;
  status: string;
  meta_title: string;
  meta_description: string;
  meta_image: string;
  geotarget: string;
  devicetarget: string;
  languagetarget: string;
  deeplink: string;
  parameters: string;
  channel_id: number | null;
  channel_added_at: number | null;
  campaign_id: number | null;
  clicks: number;
  created_at: number;
  updated_at: number;
}

const SELECT_LINK = `SELECT l.id, l.domain_id, d.domain AS domain, l.alias, l.custom, l.long_url, l.title, l.note,
  l.redirect_type, l.splash_id, l.overlay_id, l.password_hash, l.expires_at, l.status, l.meta_title,
  l.meta_description, l.meta_image, l.geotarget, l.devicetarget, l.languagetarget, l.deeplink, l.parameters,
  l.channel_id, l.channel_added_at, l.campaign_id, COALESCE(c.clicks, 0) AS clicks, l.created_at, l.updated_at
  FROM links l LEFT JOIN domains d ON d.id = l.domain_id LEFT JOIN link_counts c ON c.link_id = l.id`;

function parseJson<T>(text: string, fallback: T): T {
  try {
    const value: unknown = JSON.parse(text);
    return value === null || typeof value !== 'object' ? fallback : (value as T);
  } catch {
    return fallback;
  }
}

function* toStoredLink(r: LinkRow): Work<StoredLink> {
  const pixels = (yield* all<{ pixel_id: number }>(q('SELECT pixel_id FROM link_pixels WHERE link_id = ? ORDER BY pixel_id', r.id))).map(
    (p) => p.pixel_id,
  );
  return {
    id: r.id,
    domainId: r.domain_id,
    domain: r.domain ?? null,
    alias: r.alias,
    custom: r.custom === 1,
    longUrl: r.long_url,
    title: r.title,
    note: r.note,
    redirectType: r.redirect_type,
    splashId: r.splash_id,
    overlayId: r.overlay_id,
    passwordHash: r.password_hash,
    expiresAt: r.expires_at,
    status: r.status,
    metaTitle: r.meta_title,
    metaDescription: r.meta_description,
    metaImage: r.meta_image,
    geotarget: parseJson<GeoTarget[]>(r.geotarget, []),
    devicetarget: parseJson<DeviceTarget[]>(r.devicetarget, []),
    languagetarget: parseJson<LanguageTarget[]>(r.languagetarget, []),
    deeplink: parseJson<DeepLink>(r.deeplink, {}),
    parameters: parseJson<Parameter[]>(r.parameters, []),
    channelId: r.channel_id,
    channelAddedAt: r.channel_added_at,
    campaignId: r.campaign_id,
    pixels,
    clicks: r.clicks,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The user's link, or a 404 that names the id: another user's link is "not found" too. */
export function* getOwnedLink(userId: number, id: number): Work<StoredLink> {
  const row = yield* first<LinkRow>(q(`${SELECT_LINK} WHERE l.id = ? AND l.user_id = ? AND l.qr_id IS NULL`, id, userId));
  if (!row) throw notFound(`Link ${id}`);
  return yield* toStoredLink(row);
}

/** The user's link at `alias` on a domain, or undefined. */
export function* findOwnedLinkByAlias(userId: number, domainId: number, alias: string): Work<StoredLink | undefined> {
  const row = yield* first<LinkRow>(
    q(`${SELECT_LINK} WHERE l.domain_id = ? AND l.alias = ? AND l.user_id = ? AND l.qr_id IS NULL`, domainId, alias, userId),
  );
  return row ? yield* toStoredLink(row) : undefined;
}

export function* listLinks(userId: number, query: ListQuery): Work<{ items: LinkSummary[]; total: number }> {
  const statements = listStatements(yield* engine(), userId, query);
  const total = ((yield* first<{ n: number }>(statements.total)) as { n: number }).n;
  const rows = yield* all(statements.page);
  const items = rows.map((raw) => {
      const r = raw as {
        id: number;
        alias: string;
        domain: string | null;
        long_url: string;
        clicks: number;
        title: string;
        note: string;
        created_at: number;
      };
      return {
        id: r.id,
        alias: r.alias,
        domain: r.domain ?? null,
        longUrl: r.long_url,
        clicks: r.clicks,
        title: r.title,
        note: r.note,
        createdAt: r.created_at,
      };
    });
  return { items, total };
}

function* aliasTaken(domainId: number, alias: string, exceptId = 0): Work<boolean> {
  return (yield* first(q('SELECT 1 AS taken FROM links WHERE domain_id = ? AND alias = ? AND id <> ?', domainId, alias, exceptId))) !== undefined;
}

function* domainLabel(ctx: StoreContext, domainId: number): Work<string> {
  if (domainId === 0) return ctx.baseUrl();
  const row = yield* first<{ domain: string }>(q('SELECT domain FROM domains WHERE id = ?', domainId));
  return row?.domain ?? ctx.baseUrl();
}

function* aliasTakenError(ctx: StoreContext, domainId: number, alias: string): Work<Error> {
  return conflict(`The alias "${alias}" is already taken on ${yield* domainLabel(ctx, domainId)}. Choose another custom alias.`);
}

function redirectColumns(type: RedirectChoice): {
  redirect_type: string;
  splash_id: number | null;
  overlay_id: number | null;
} {
  if (type.kind === 'splash-page')
    return { redirect_type: 'splash-page', splash_id: type.id, overlay_id: null };
  if (type.kind === 'overlay')
    return { redirect_type: 'overlay', splash_id: null, overlay_id: type.id };
  return { redirect_type: type.kind, splash_id: null, overlay_id: null };
}

function* replacePixels(linkId: number, pixels: number[]): Work<void> {
  yield* run(q('DELETE FROM link_pixels WHERE link_id = ?', linkId));
  for (const pixel of pixels) yield* run(q('INSERT INTO link_pixels (link_id, pixel_id) VALUES (?, ?)', linkId, pixel));
}

/** Inserts a new link; answers its id and alias. `refs` must come from resolveReferences. */
export function* createLink(
  ctx: StoreContext,
  userId: number,
  input: LinkInput,
  refs: LinkReferences,
): Work<{ id: number; alias: string; domainId: number }> {
  const domainId = refs.domainId ?? 0;
  if (input.custom !== undefined && (yield* aliasTaken(domainId, input.custom)))
    throw yield* aliasTakenError(ctx, domainId, input.custom);
  const now = ctx.now();
  const redirect = redirectColumns(input.type ?? { kind: 'direct' });
  const metaTitle = input.metatitle ?? '';
  const insert = (alias: string) => transaction(function* () {
    const added = yield* first<{ id: number }>(
      q(
        `INSERT INTO links (user_id, domain_id, alias, custom, long_url, title, note, redirect_type, splash_id, overlay_id,
          password_hash, expires_at, status, meta_title, meta_description, meta_image, geotarget, devicetarget,
          languagetarget, deeplink, parameters, channel_id, channel_added_at, campaign_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        userId,
        domainId,
        alias,
        input.custom !== undefined ? 1 : 0,
        input.url,
        linkTitle(metaTitle, input.url),
        input.description ?? '',
        redirect.redirect_type,
        redirect.splash_id,
        redirect.overlay_id,
        input.password ? hashPassword(input.password) : null,
        input.expiry ?? null,
        input.status ?? 'private',
        metaTitle,
        input.metadescription ?? '',
        input.metaimage ?? '',
        JSON.stringify(input.geotarget ?? []),
        JSON.stringify(input.devicetarget ?? []),
        JSON.stringify(input.languagetarget ?? []),
        JSON.stringify(input.deeplink ?? {}),
        JSON.stringify(input.parameters ?? []),
        refs.channelId ?? null,
        refs.channelId ? now : null,
        refs.campaignId ?? null,
        now,
        now,
      ),
    );
    const id = (added as { id: number }).id;
    if (refs.pixels) yield* replacePixels(id, refs.pixels);
    return id;
  });
  // The alias check and the INSERT are not atomic against another writer (another node, on
  // PostgreSQL): UNIQUE(domain_id, alias) decides. A violation on a random alias just means
  // drawing again; on a custom one, the alias is taken, whoever took it.
  for (let attempt = 0; ; attempt++) {
    const alias = input.custom ?? (yield* freeRandomAliasWork((a) => aliasTaken(domainId, a)));
    try {
      return { id: yield* insert(alias), alias, domainId };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.custom !== undefined) throw yield* aliasTakenError(ctx, domainId, alias);
      if (attempt >= 3)
        throw new ApiError(503, 'The service could not find a free alias. Try again.');
    }
  }
}

/**
 * Applies an update body: a field absent from the input keeps its stored value; a cleared one
 * ("" / [] / null) resets it. The title follows the (new or kept) meta title and the new URL.
 */
export function* updateLink(
  ctx: StoreContext,
  userId: number,
  id: number,
  input: LinkInput,
  refs: LinkReferences,
): Work<StoredLink> {
  const cur = yield* getOwnedLink(userId, id);
  const domainId = refs.domainId ?? cur.domainId;
  const alias = input.custom ?? cur.alias;
  if ((domainId !== cur.domainId || alias !== cur.alias) && (yield* aliasTaken(domainId, alias, id)))
    throw yield* aliasTakenError(ctx, domainId, alias);
  const now = ctx.now();
  const redirect = input.type
    ? redirectColumns(input.type)
    : { redirect_type: cur.redirectType, splash_id: cur.splashId, overlay_id: cur.overlayId };
  const metaTitle = input.metatitle ?? cur.metaTitle;
  const passwordHash =
    input.password === undefined
      ? cur.passwordHash
      : input.password === null
        ? null
        : hashPassword(input.password);
  // `auto` is create-only: an update sets the store links and keeps it.
  const deeplink =
    input.deeplink === undefined
      ? cur.deeplink
      : {
          ...input.deeplink,
          ...(cur.deeplink.auto !== undefined ? { auto: cur.deeplink.auto } : {}),
        };
  const channelId = refs.channelId === undefined ? cur.channelId : refs.channelId;
  const channelAddedAt =
    channelId === null ? null : channelId === cur.channelId ? cur.channelAddedAt : now;
  const update = transaction(function* () {
    yield* run(
      q(
        `UPDATE links SET domain_id = ?, alias = ?, custom = ?, long_url = ?, title = ?, note = COALESCE(?, note), redirect_type = ?, splash_id = ?,
          overlay_id = ?, password_hash = ?, expires_at = ?, meta_title = ?, meta_description = ?, meta_image = ?,
          geotarget = ?, devicetarget = ?, languagetarget = ?, deeplink = ?, parameters = ?, channel_id = ?,
          channel_added_at = ?, campaign_id = ?, updated_at = ?
         WHERE id = ? AND user_id = ?`,
        domainId,
        alias,
        input.custom !== undefined ? 1 : cur.custom ? 1 : 0,
        input.url,
        linkTitle(metaTitle, input.url),
        input.description ?? null,
        redirect.redirect_type,
        redirect.splash_id,
        redirect.overlay_id,
        passwordHash,
        input.expiry === undefined ? cur.expiresAt : input.expiry,
        metaTitle,
        input.metadescription ?? cur.metaDescription,
        input.metaimage ?? cur.metaImage,
        JSON.stringify(input.geotarget ?? cur.geotarget),
        JSON.stringify(input.devicetarget ?? cur.devicetarget),
        JSON.stringify(input.languagetarget ?? cur.languagetarget),
        JSON.stringify(deeplink),
        JSON.stringify(input.parameters ?? cur.parameters),
        channelId,
        channelAddedAt,
        refs.campaignId === undefined ? cur.campaignId : refs.campaignId,
        now,
        id,
        userId,
      ),
    );
    if (refs.pixels) yield* replacePixels(id, refs.pixels);
  });
  try {
    yield* update;
  } catch (error) {
    if (isUniqueViolation(error)) throw yield* aliasTakenError(ctx, domainId, alias);
    throw error;
  }
  return yield* getOwnedLink(userId, id);
}

/** Deletes the user's link (its clicks and pixel assignments go with it). */
export function* deleteLink(userId: number, id: number): Work<void> {
  const changes = yield* run(q('DELETE FROM links WHERE id = ? AND user_id = ? AND qr_id IS NULL', id, userId));
  if (changes === 0) throw notFound(`Link ${id}`);
}
