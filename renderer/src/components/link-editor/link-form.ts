/**
 * The link editor's form: what a person types, as plain data (so it can be kept as a draft), and
 * the conversions to and from the API's LinkInput. Pure: no bridge, no DOM.
 */
import { applyUtm, hasUtm, readUtm, UTM_FIELDS, type UtmField } from '../../../../electron/shared/utm.js';
import { linkInputIssues, type FieldMessages, type TargetRow } from '../../../../electron/shared/link-validation.js';
import { issueMessage } from '../../composables/error-text.js';
import { issueText } from '../../composables/validation.js';
import { t } from '../../i18n/index.js';
import type { ClearedOnUpdate, LinkDetails, LinkInput, LinkRedirect, LinkUpdateInput, UrlParameter } from '../../../../electron/shared/models.js';

export type EditorMode = 'create' | 'edit';
export type RedirectKind = 'direct' | 'frame' | 'splash' | 'splash-page' | 'overlay';

export interface LinkForm {
  url: string;
  custom: string;
  redirect: RedirectKind;
  splashPageId: number | null;
  overlayId: number | null;
  /** Never kept in a draft (see link-drafts.ts). */
  password: string;
  /** Edit mode: the link has a password now (its value is never sent back). */
  hasPassword: boolean;
  /** Edit mode: clear the current password. */
  removePassword: boolean;
  /** Branded domain with its scheme; '' is the service's own host. */
  domain: string;
  /** `YYYY-MM-DD HH:MM:SS` UTC, or ''. */
  expiry: string;
  geo: TargetRow[];
  device: TargetRow[];
  language: TargetRow[];
  metaTitle: string;
  metaDescription: string;
  metaImage: string;
  note: string;
  deepApple: string;
  deepGoogle: string;
  deepAuto: boolean;
  pixels: number[];
  channel: number | null;
  campaign: number | null;
  status: 'public' | 'private';
  parameters: UrlParameter[];
  utm: Record<UtmField, string>;
}

export const emptyUtm = (): Record<UtmField, string> => ({ source: '', medium: '', campaign: '', term: '', content: '' });

export function emptyForm(): LinkForm {
  return {
    url: '',
    custom: '',
    redirect: 'direct',
    splashPageId: null,
    overlayId: null,
    password: '',
    hasPassword: false,
    removePassword: false,
    domain: '',
    expiry: '',
    geo: [],
    device: [],
    language: [],
    metaTitle: '',
    metaDescription: '',
    metaImage: '',
    note: '',
    deepApple: '',
    deepGoogle: '',
    deepAuto: false,
    pixels: [],
    channel: null,
    campaign: null,
    // The service's default: a new link is private unless asked otherwise.
    status: 'private',
    parameters: [],
    utm: emptyUtm(),
  };
}

function redirectFields(type: LinkRedirect | undefined): Pick<LinkForm, 'redirect' | 'splashPageId' | 'overlayId'> {
  if (type === undefined || typeof type === 'string') return { redirect: type ?? 'direct', splashPageId: null, overlayId: null };
  if ('splashPageId' in type) return { redirect: 'splash-page', splashPageId: type.splashPageId, overlayId: null };
  return { redirect: 'overlay', splashPageId: null, overlayId: type.overlayId };
}

const rowsOf = (record: Record<string, string> | undefined): TargetRow[] =>
  Object.entries(record ?? {}).map(([key, link]) => ({ key, link }));

/** Country codes are matched upper case by the picker; the service may store them in another case. */
const countryRows = (record: Record<string, string> | undefined): TargetRow[] =>
  rowsOf(record).map((row) => ({ key: /^[a-z]{2}$/i.test(row.key) ? row.key.toUpperCase() : row.key, link: row.link }));

/** A form prefilled from values handed to the editor (a pasted URL, a quick-create…). */
export function formFromInput(input: Partial<LinkInput>): LinkForm {
  const form = emptyForm();
  return {
    ...form,
    ...redirectFields(input.type),
    url: input.url ?? '',
    custom: input.custom ?? '',
    domain: input.domain ?? '',
    expiry: input.expiry ?? '',
    geo: (input.geoTarget ?? []).map((t) => ({ key: t.location, link: t.link })),
    device: (input.deviceTarget ?? []).map((t) => ({ key: t.device, link: t.link })),
    language: (input.languageTarget ?? []).map((t) => ({ key: t.language, link: t.link })),
    metaTitle: input.metaTitle ?? '',
    metaDescription: input.metaDescription ?? '',
    metaImage: input.metaImage ?? '',
    note: input.description ?? '',
    deepApple: input.deepLink?.apple ?? '',
    deepGoogle: input.deepLink?.google ?? '',
    deepAuto: input.deepLink?.auto ?? false,
    pixels: [...(input.pixels ?? [])],
    channel: input.channel ?? null,
    campaign: input.campaign ?? null,
    status: input.status ?? form.status,
    parameters: (input.parameters ?? []).map((p) => ({ ...p })),
    utm: { ...emptyUtm(), ...readUtm(input.url ?? '') },
  };
}

/** The form of an existing link, from its mirrored details. */
export function formFromDetails(details: LinkDetails): LinkForm {
  const form = emptyForm();
  return {
    ...form,
    ...redirectFields(details.redirect),
    url: details.longUrl,
    custom: details.alias,
    hasPassword: details.passwordProtected === true,
    domain: details.domain ?? '',
    expiry: details.expiry && !details.expiry.startsWith('9999-') ? details.expiry : '',
    geo: countryRows(details.location),
    device: rowsOf(details.device),
    language: rowsOf(details.language),
    metaTitle: details.metaTitle ?? '',
    metaDescription: details.metaDescription ?? '',
    metaImage: details.metaImage ?? '',
    note: details.description,
    deepApple: details.deepLink?.apple ?? '',
    deepGoogle: details.deepLink?.google ?? '',
    deepAuto: details.deepLink?.auto ?? false,
    pixels: [...(details.pixels ?? [])],
    channel: details.channel ?? null,
    campaign: details.campaign ?? null,
    status: details.status ?? form.status,
    parameters: (details.parameters ?? []).map((p) => ({ name: p.name, value: p.value })),
    utm: { ...emptyUtm(), ...readUtm(details.longUrl) },
  };
}

function redirectOf(form: LinkForm): LinkRedirect {
  if (form.redirect === 'splash-page' && form.splashPageId !== null) return { splashPageId: form.splashPageId };
  if (form.redirect === 'overlay' && form.overlayId !== null) return { overlayId: form.overlayId };
  return form.redirect === 'splash-page' || form.redirect === 'overlay' ? 'direct' : form.redirect;
}

export interface Built {
  /** What would be sent (create) — the update body is derived from it. */
  input: LinkInput;
  /** Field path → message; empty when it may be sent. */
  messages: FieldMessages;
}

/** The long URL with the UTM builder's parameters applied (or the URL as typed when it cannot be). */
export function finalUrl(form: LinkForm): string {
  if (!hasUtm(form.utm)) return form.url.trim();
  const result = applyUtm(form.url, form.utm);
  return result.ok ? result.url : form.url.trim();
}

const trimmedRows = (rows: TargetRow[]) => rows.map((r) => ({ key: r.key.trim(), link: r.link.trim() }));

/**
 * The API input for the form, and every message about it. Create leaves out what is empty (the
 * service's defaults apply); edit sends every field it shows, so clearing one clears it on the
 * service — except the password, sent only when a new one is typed or removal is asked.
 */
export function buildInput(form: LinkForm, mode: EditorMode, now: number, initial: LinkForm | null = null): Built {
  const messages: FieldMessages = {};
  if (hasUtm(form.utm)) {
    const utm = applyUtm(form.url, form.utm);
    if (!utm.ok) for (const issue of utm.issues) if (issue.field !== 'url') messages[`utm.${issue.field}`] = issueMessage(issue);
  }
  const text = (v: string) => v.trim();
  const input: LinkInput = { url: finalUrl(form) };
  const set = <K extends keyof LinkInput>(key: K, value: LinkInput[K], keep: boolean) => {
    if (keep) input[key] = value;
  };
  const all = mode === 'edit';
  const custom = text(form.custom);
  // Editing: the alias is sent only when it changes (the link's own alias is not "taken").
  set('custom', custom, custom !== '' && !(all && custom === text(initial?.custom ?? '')));
  const type = redirectOf(form);
  set('type', type, all || type !== 'direct');
  if (form.password !== '') input.password = form.password;
  else if (all && form.removePassword) input.password = '';
  set('domain', text(form.domain), all || text(form.domain) !== '');
  // The bridge takes an expiry only as a date-time: an edit cannot clear one (see below).
  set('expiry', text(form.expiry), text(form.expiry) !== '');
  const geo = trimmedRows(form.geo);
  const device = trimmedRows(form.device);
  const language = trimmedRows(form.language);
  set('geoTarget', geo.map((r) => ({ location: r.key, link: r.link })), all || geo.length > 0);
  set('deviceTarget', device.map((r) => ({ device: r.key.toLowerCase(), link: r.link })), all || device.length > 0);
  set('languageTarget', language.map((r) => ({ language: r.key, link: r.link })), all || language.length > 0);
  set('metaTitle', text(form.metaTitle), all || text(form.metaTitle) !== '');
  set('metaDescription', text(form.metaDescription), all || text(form.metaDescription) !== '');
  set('metaImage', text(form.metaImage), all || text(form.metaImage) !== '');
  const deepLink = {
    ...(text(form.deepApple) ? { apple: text(form.deepApple) } : {}),
    ...(text(form.deepGoogle) ? { google: text(form.deepGoogle) } : {}),
    // `auto` is create-only: the update endpoint ignores it, so it is never part of an edit.
    ...(!all && form.deepAuto ? { auto: true } : {}),
  };
  set('deepLink', deepLink, all || Object.keys(deepLink).length > 0);
  set('pixels', [...form.pixels], all || form.pixels.length > 0);
  if (form.channel !== null) input.channel = form.channel;
  if (form.campaign !== null) input.campaign = form.campaign;
  const parameters = form.parameters.map((p) => ({ name: p.name.trim(), value: p.value }));
  set('parameters', parameters, all || parameters.length > 0);
  // The note goes with an edit too: real services clear it when an update leaves it out.
  set('description', form.note.trim(), all || form.note.trim() !== '');
  if (!all) input.status = form.status;
  if ((form.redirect === 'splash-page' && form.splashPageId === null) || (form.redirect === 'overlay' && form.overlayId === null)) {
    messages['type'] = form.redirect === 'overlay' ? t('linkEditor.form.chooseOverlay') : t('linkEditor.form.chooseSplash');
  }
  if (all && initial) {
    // The update channel takes ids and dates only (schemas.ts): "none" cannot be expressed yet.
    if (initial.expiry !== '' && text(form.expiry) === '') messages['expiry'] = t('linkEditor.form.keepExpiry');
    if (initial.channel !== null && form.channel === null) messages['channel'] = t('linkEditor.form.keepChannel');
    if (initial.campaign !== null && form.campaign === null) messages['campaign'] = t('linkEditor.form.keepCampaign');
  }
  // In the person's language (issue 44): the shared checks' keyed messages, not their English.
  for (const [field, ref] of Object.entries(linkInputIssues({ ...input, url: form.url }, { mode, now, unchangedExpiry: initial?.expiry ?? null }))) {
    messages[field] = issueText(ref) ?? '';
  }
  return { input, messages };
}

/**
 * The update: the URL (every update carries it) and what the person changed, nothing else. The
 * outbox completes it from the mirror when it is sent, so a field shown here with a placeholder
 * value (one Linkdeck cannot read) is never sent as if it were the link's.
 */
export function toUpdatePatch(input: LinkInput, initial: LinkInput): LinkUpdateInput {
  const { status: _status, ...rest } = input;
  const patch: LinkUpdateInput = { url: input.url };
  for (const key of Object.keys(rest) as (keyof typeof rest)[]) {
    if (key === 'url' || JSON.stringify(rest[key]) === JSON.stringify(initial[key])) continue;
    (patch as Record<string, unknown>)[key] = rest[key];
  }
  return patch;
}

/** Which update fields the patch sets (what it does not set, the service keeps only if Linkdeck knows it). */
export const patchSets = (patch: LinkUpdateInput, field: ClearedOnUpdate): boolean => patch[field] !== undefined;

export { UTM_FIELDS };
