import type { LinkDetails, LinkInput, LinkUpdateInput } from '../../shared/models.js';
import { CLEARED_ON_UPDATE, type ClearedOnUpdate } from '../../shared/link-update.js';
import type { Sql } from './sqlite.js';

/*
 * What Linkdeck knows of a link's updatable fields, so that an edit can send the complete link.
 *
 * Real 6.x–7.x deployments build a link from the update request alone: every optional field the
 * request leaves out is cleared. And `GET /api/url/:id` never returns the password, the campaign,
 * the redirect type or the pixels. So the mirror keeps two sources:
 * - the details read from the service (what they contain), and
 * - what this app itself sent for the link (create, edit, bulk), kept in `link_sent_fields`,
 *   including the write-only fields no read gives back.
 * The newer source wins field by field. A field neither source has is unknown: an update leaves
 * it out (never a default), and the editor says beforehand that the service will clear it.
 */

/** The fields of an update body, plus the note (which real services clear when it is left out). */
export type KnownLinkFields = LinkUpdateInput;

type Row = { details: string | null; details_at: number | null; password: number | null; campaign_id: number | null; campaign_known: number };

/** What the details tell, field by field (a field the details do not carry is absent). */
function fromDetails(d: Omit<LinkDetails, 'stats'>): Partial<KnownLinkFields> {
  const known: Partial<KnownLinkFields> = { url: d.longUrl, description: d.description };
  known.expiry = d.expiry && !d.expiry.startsWith('9999-') ? d.expiry : '';
  known.geoTarget = Object.entries(d.location ?? {}).map(([location, link]) => ({ location, link }));
  known.deviceTarget = Object.entries(d.device ?? {}).map(([device, link]) => ({ device, link }));
  if (d.language !== undefined) known.languageTarget = Object.entries(d.language).map(([language, link]) => ({ language, link }));
  if (d.metaTitle !== undefined) known.metaTitle = d.metaTitle;
  if (d.metaDescription !== undefined) known.metaDescription = d.metaDescription;
  if (d.metaImage !== undefined) known.metaImage = d.metaImage;
  if (d.deepLink !== undefined) {
    const { apple, google } = d.deepLink;
    known.deepLink = { ...(apple ? { apple } : {}), ...(google ? { google } : {}) };
  }
  if (d.parameters !== undefined) known.parameters = d.parameters.map(({ name, value }) => ({ name, value }));
  if (d.redirect !== undefined) known.type = d.redirect;
  if (d.pixels !== undefined) known.pixels = [...d.pixels];
  if (d.campaign !== undefined) known.campaign = d.campaign;
  // Only "no password" can be read; a password's value never comes back.
  if (d.passwordProtected === false) known.password = '';
  return known;
}

/** The update-shaped part of a create input (the fields an update can carry). */
function fromCreate(input: LinkInput): Partial<KnownLinkFields> {
  // Not the alias (sending a link's own alias again may be refused as taken), not the status
  // (create-only) and not the channel (its own endpoint).
  const { status: _status, channel: _channel, custom: _custom, ...rest } = input;
  return {
    ...rest,
    password: input.password ?? '',
    description: input.description ?? '',
    // A create that names no campaign, type or pixels leaves the service's defaults.
    campaign: input.campaign ?? null,
    type: input.type ?? 'direct',
    pixels: input.pixels ?? [],
    expiry: input.expiry ?? '',
  };
}

function readSent(sql: Sql, linkId: number): { fields: Partial<KnownLinkFields>; at: number } | null {
  const row = sql.get<{ fields: string; updated_at: number }>(
    'SELECT fields, updated_at FROM link_sent_fields WHERE link_id = ?',
    [linkId],
  );
  return row ? { fields: JSON.parse(row.fields) as Partial<KnownLinkFields>, at: row.updated_at } : null;
}

function writeSent(sql: Sql, linkId: number, fields: Partial<KnownLinkFields>, now: number): void {
  sql.run(
    `INSERT INTO link_sent_fields (link_id, fields, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (link_id) DO UPDATE SET fields = excluded.fields, updated_at = excluded.updated_at`,
    [linkId, JSON.stringify(fields), now],
  );
}

/** Records a confirmed create: everything it sent is now the link's state. */
export function recordCreatedFields(sql: Sql, linkId: number, input: LinkInput, now: number): void {
  writeSent(sql, linkId, fromCreate(input), now);
}

/**
 * Records a confirmed update: what it sent is now the link's state, and so is every field it had
 * to leave out (the service cleared it).
 */
export function recordUpdatedFields(sql: Sql, linkId: number, sent: KnownLinkFields, cleared: readonly ClearedOnUpdate[], now: number): void {
  // Not the alias nor the channel: an update keeps both when it leaves them out, and the channel
  // has its own endpoint (a bulk assignment later must not be undone by an old value here).
  const { custom: _custom, channel: _channel, ...kept } = sent;
  const fields: Partial<KnownLinkFields> = { ...(readSent(sql, linkId)?.fields ?? {}), ...kept };
  for (const field of cleared) Object.assign(fields, CLEARED_VALUE[field]);
  writeSent(sql, linkId, fields, now);
}

/** Records a confirmed campaign assignment (bulk "add to campaign"): the link's campaign now. */
export function recordAssignedCampaign(sql: Sql, linkId: number, campaignId: number, now: number): void {
  writeSent(sql, linkId, { ...(readSent(sql, linkId)?.fields ?? {}), campaign: campaignId }, now);
}

/** What a field is after the service cleared it. */
const CLEARED_VALUE: Record<ClearedOnUpdate, Partial<KnownLinkFields>> = {
  password: { password: '' },
  expiry: { expiry: '' },
  campaign: { campaign: null },
  type: { type: 'direct' },
  geoTarget: { geoTarget: [] },
  deviceTarget: { deviceTarget: [] },
  languageTarget: { languageTarget: [] },
  parameters: { parameters: [] },
  pixels: { pixels: [] },
  deepLink: { deepLink: {} },
  metaTitle: { metaTitle: '' },
  metaDescription: { metaDescription: '' },
  description: { description: '' },
};

/** A deleted pixel is on no link any more: an edit must not send its id. */
export function forgetPixelInSentFields(sql: Sql, pixelId: number): void {
  sql.run(
    `UPDATE link_sent_fields SET fields = json_set(fields, '$.pixels',
       (SELECT json_group_array(value) FROM json_each(fields, '$.pixels') WHERE value != ?))
     WHERE EXISTS (SELECT 1 FROM json_each(fields, '$.pixels') WHERE value = ?)`,
    [pixelId, pixelId],
  );
}

/** Every updatable field whose current value is known, merged from the details and what was sent. */
export function knownLinkFields(sql: Sql, linkId: number): Partial<KnownLinkFields> {
  const row = sql.get<Row>(
    'SELECT details, details_at, password, campaign_id, campaign_known FROM links WHERE id = ?',
    [linkId],
  );
  if (!row) return {};
  const details = row.details !== null && row.details_at !== null ? fromDetails(JSON.parse(row.details) as Omit<LinkDetails, 'stats'>) : {};
  // What lists and campaign listings told (campaign membership, "no password").
  const listed: Partial<KnownLinkFields> = {};
  if (row.campaign_known === 1) listed.campaign = row.campaign_id;
  if (row.password === 0) listed.password = '';
  const sent = readSent(sql, linkId);
  const detailsNewer = sent === null || (row.details_at ?? -1) > sent.at;
  return detailsNewer
    ? { ...listed, ...(sent?.fields ?? {}), ...details }
    : { ...listed, ...details, ...sent.fields };
}

/** The fields an update of this link would clear because their current value is not known. */
export function unknownOnUpdate(known: Partial<KnownLinkFields>): ClearedOnUpdate[] {
  return CLEARED_ON_UPDATE.filter((field) => known[field] === undefined);
}

/**
 * The complete update body: what is known of the link, with the person's changes on top. Fields
 * still unknown are left out (the service will clear them: the editor asked first).
 */
export function completeLinkUpdate(
  sql: Sql,
  linkId: number,
  changes: KnownLinkFields,
): { input: KnownLinkFields; cleared: ClearedOnUpdate[] } {
  const known = knownLinkFields(sql, linkId);
  const input = { ...known, ...changes } as KnownLinkFields;
  return { input, cleared: unknownOnUpdate(input) };
}

/**
 * The details as the editor opens them: where the service does not return a field (the redirect
 * type, pixels, campaign, whether there is a password) but Linkdeck sent it, what it sent.
 */
export function withKnownFields(details: LinkDetails, known: Partial<KnownLinkFields>): LinkDetails {
  const out: LinkDetails = { ...details };
  if (out.redirect === undefined && known.type !== undefined) out.redirect = known.type;
  if (out.pixels === undefined && known.pixels !== undefined) out.pixels = [...known.pixels];
  if (out.campaign === undefined && known.campaign !== undefined) out.campaign = known.campaign;
  if (out.passwordProtected === undefined && known.password !== undefined) out.passwordProtected = known.password !== '';
  if (out.language === undefined && known.languageTarget !== undefined)
    out.language = Object.fromEntries(known.languageTarget.map((t) => [t.language, t.link]));
  if (out.metaTitle === undefined && known.metaTitle !== undefined) out.metaTitle = known.metaTitle;
  if (out.metaDescription === undefined && known.metaDescription !== undefined) out.metaDescription = known.metaDescription;
  if (out.metaImage === undefined && known.metaImage !== undefined) out.metaImage = known.metaImage;
  if (out.deepLink === undefined && known.deepLink !== undefined) out.deepLink = { ...known.deepLink };
  if (out.parameters === undefined && known.parameters !== undefined) out.parameters = known.parameters.map((p) => ({ ...p }));
  return out;
}
