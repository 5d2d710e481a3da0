/**
 * QR codes as real deployments of the API take them (issue 31): the types, the shape of `data`
 * for each, what each encodes, and the checks a form makes before anything is sent. Pure, so the
 * local service, the backend (exports) and the renderer (forms) share one set of rules.
 *
 * Where the shapes come from: the issue's reading of the 6.1.4–7.6.3 controllers, and a public
 * copy of the servers' QR helper (GemPixel's Helpers/QR.php, found by the code search; the API
 * controller itself was not found): `mailto:` with subject/body, `tel:`, `smsto:<phone>:<message>`
 * for sms, `sms:<phone>&body=` for smsonly, `https://api.whatsapp.com/send?phone=&text=`,
 * `WIFI:S:<ssid>;T:<WPA|WEP>;P:<pass>;;`, and vCard 3.0 with N, ORG, TEL (work, cell, fax),
 * EMAIL, URL (work and one per network) and ADR. Its limits are kept: text up to 4,296
 * characters, a subject up to 500, a message or body up to 3,500.
 */

import { keyedMessage, type KeyedMessage } from './field-issue.js';
import { englishText, msg, nameList, type MessageRef } from './message-ref.js';

export const QR_TYPES = [
  'link',
  'text',
  'email',
  'phone',
  'sms',
  'smsonly',
  'whatsapp',
  'wifi',
  'vcard',
  'staticvcard',
  'event',
] as const;
export type QrType = (typeof QR_TYPES)[number];

/** Types whose image encodes a hidden short link, so a scan is a counted visit. */
export const DYNAMIC_QR_TYPES: ReadonlySet<QrType> = new Set([
  'link',
  'email',
  'phone',
  'smsonly',
  'whatsapp',
  'vcard',
  'event',
]);

/** Types the servers' web UI has but their API refuses. */
export const REFUSED_QR_TYPES = ['crypto', 'file', 'application'] as const;

export const isQrType = (value: unknown): value is QrType =>
  typeof value === 'string' && (QR_TYPES as readonly string[]).includes(value);

export const isDynamicQrType = (type: QrType) => DYNAMIC_QR_TYPES.has(type);

export const VCARD_FIELDS = [
  'fname',
  'lname',
  'org',
  'phone',
  'cell',
  'fax',
  'email',
  'site',
  'facebook',
  'instagram',
  'twitter',
  'linkedin',
  'street',
  'city',
  'state',
  'zip',
  'country',
] as const;

/** The object fields of each structured type, in form order. */
export const QR_DATA_FIELDS: Record<QrType, readonly string[]> = {
  link: [],
  text: [],
  phone: [],
  email: ['email', 'subject', 'body'],
  sms: ['phone', 'message'],
  smsonly: ['phone', 'message'],
  whatsapp: ['phone', 'body'],
  wifi: ['ssid', 'pass', 'encryption'],
  vcard: VCARD_FIELDS,
  staticvcard: VCARD_FIELDS,
  event: ['title', 'description', 'location', 'url', 'start', 'end'],
};

/** `data` as sent: a string for link, text and phone (and e-mail may be one), else an object. */
export type QrData = string | Record<string, string>;

export const MAX_QR_TEXT = 4296;
const MAX_SUBJECT = 500;
const MAX_MESSAGE = 3500;
const MAX_FIELD = 500;

/**
 * One problem with the input, named by field (`data`, `data.phone`, `name`…) for the form: in
 * English (`message`) and as a `validation.qr.*` key with its arguments (issue 44).
 */
export interface QrFieldError extends KeyedMessage {
  field: string;
}

export type QrPayloadResult =
  | { ok: true; data: QrData; payload: string }
  | { ok: false; errors: QrFieldError[] };

const isWeb = (text: string): boolean => {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

const PHONE = /^\+?[0-9][0-9 ().-]{2,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** Reads `data` as an object of strings (numbers become text); null when it is not one. */
function readObject(data: unknown, fields: readonly string[]): Record<string, string> | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const out: Record<string, string> = {};
  for (const field of fields) {
    const v = (data as Record<string, unknown>)[field];
    if (typeof v === 'string') out[field] = v.trim();
    else if (typeof v === 'number' && Number.isFinite(v)) out[field] = String(v);
  }
  return out;
}

const digits = (phone: string) => phone.replace(/[ ().-]/g, '');

/** vCard text escaping (RFC 6350 3.4): backslash, comma, semicolon and line breaks. */
const vc = (text: string) => text.replace(/[\\,;]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

function vcardText(d: Record<string, string>): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0'];
  const f = (k: string) => d[k] ?? '';
  lines.push(`N:${vc(f('lname'))};${vc(f('fname'))}`);
  lines.push(`FN:${vc([f('fname'), f('lname')].filter(Boolean).join(' ') || f('org'))}`);
  if (f('org')) lines.push(`ORG:${vc(f('org'))}`);
  if (f('phone')) lines.push(`TEL;TYPE=work,voice:${f('phone')}`);
  if (f('cell')) lines.push(`TEL;TYPE=cell,voice:${f('cell')}`);
  if (f('fax')) lines.push(`TEL;TYPE=fax:${f('fax')}`);
  if (f('email')) lines.push(`EMAIL;TYPE=INTERNET:${f('email')}`);
  if (f('site')) lines.push(`URL;TYPE=work:${f('site')}`);
  for (const net of ['facebook', 'instagram', 'twitter', 'linkedin']) {
    if (f(net)) lines.push(`URL;TYPE=${net}:${f(net)}`);
  }
  if (['street', 'city', 'state', 'zip', 'country'].some((k) => f(k))) {
    lines.push(
      `ADR;TYPE=work:;;${vc(f('street'))};${vc(f('city'))};${vc(f('state'))};${vc(f('zip'))};${vc(f('country'))}`,
    );
  }
  lines.push('END:VCARD');
  return lines.join('\r\n');
}

/** iCalendar's UTC form of `YYYY-MM-DD HH:MM[:SS]`. */
const icsTime = (text: string) => {
  const [date = '', time = ''] = text.split(/[ T]/);
  return `${date.replace(/-/g, '')}T${(time + ':00').slice(0, 8).replace(/:/g, '')}`;
};
const ics = (text: string) => text.replace(/[\\,;]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

function eventText(d: Record<string, string>): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Linkdeck//QR//EN', 'BEGIN:VEVENT'];
  lines.push(`SUMMARY:${ics(d['title'] ?? '')}`);
  if (d['description']) lines.push(`DESCRIPTION:${ics(d['description'])}`);
  if (d['location']) lines.push(`LOCATION:${ics(d['location'])}`);
  if (d['url']) lines.push(`URL:${d['url']}`);
  lines.push(`DTSTART:${icsTime(d['start'] ?? '')}`);
  if (d['end']) lines.push(`DTEND:${icsTime(d['end'])}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.join('\r\n');
}

/**
 * Checks `data` for `type` and answers what the code encodes (for dynamic types: what the
 * hidden short link leads to; vCards and events are files the service hands out). Every
 * problem is reported at once, by field, in words a person can act on.
 */
export function qrPayload(type: QrType, data: unknown): QrPayloadResult {
  const errors: QrFieldError[] = [];
  const err = (field: string, ref: MessageRef) => errors.push({ field, ...keyedMessage(ref) });
  const fail = (): QrPayloadResult => ({ ok: false, errors });

  if (type === 'link' || type === 'text' || type === 'phone') {
    const text = typeof data === 'string' ? data.trim() : typeof data === 'number' ? String(data) : '';
    if (text === '') {
      err('data', type === 'link' ? msg('validation.qr.linkEmpty') : type === 'phone' ? msg('validation.qr.phoneEmpty') : msg('validation.qr.textEmpty'));
      return fail();
    }
    if (text.length > MAX_QR_TEXT) err('data', msg('validation.qr.textTooLong', { max: MAX_QR_TEXT, n: text.length }));
    if (type === 'link' && !isWeb(text)) err('data', msg('validation.qr.webAddress'));
    if (type === 'phone' && !PHONE.test(text)) err('data', msg('validation.qr.phoneNumber'));
    if (errors.length) return fail();
    return { ok: true, data: text, payload: type === 'phone' ? `tel:${digits(text)}` : text };
  }

  if (type === 'email' && typeof data === 'string') return qrPayload('email', { email: data });
  const d = readObject(data, QR_DATA_FIELDS[type]);
  if (d === null) {
    err('data', msg('validation.qr.dataObject', { type, fields: nameList(QR_DATA_FIELDS[type], { quote: true }) }));
    return fail();
  }
  for (const [k, v] of Object.entries(d)) {
    const max = k === 'body' || k === 'message' || k === 'description' ? MAX_MESSAGE : k === 'subject' ? MAX_SUBJECT : MAX_FIELD;
    if (v.length > max) err(`data.${k}`, msg('validation.qr.fieldTooLong', { max, n: v.length }));
  }
  const phoneField = (k: string, required: boolean) => {
    const v = d[k] ?? '';
    if (v === '' && required) err(`data.${k}`, msg('validation.qr.phoneMissing'));
    else if (v !== '' && !PHONE.test(v)) err(`data.${k}`, msg('validation.qr.phoneNumber'));
  };
  const urlField = (k: string) => {
    const v = d[k] ?? '';
    if (v !== '' && !isWeb(v)) err(`data.${k}`, msg('validation.qr.webAddress'));
  };

  switch (type) {
    case 'email': {
      const email = d['email'] ?? '';
      if (email === '') err('data.email', msg('validation.qr.emailMissing'));
      else if (!EMAIL.test(email)) err('data.email', msg('validation.qr.emailInvalid'));
      if (errors.length) return fail();
      const q = new URLSearchParams();
      if (d['subject']) q.set('subject', d['subject']);
      if (d['body']) q.set('body', d['body']);
      const query = q.toString().replace(/\+/g, '%20');
      return { ok: true, data: d, payload: `mailto:${email}${query ? `?${query}` : ''}` };
    }
    case 'sms':
    case 'smsonly': {
      phoneField('phone', true);
      if (errors.length) return fail();
      const phone = digits(d['phone'] ?? '');
      const message = d['message'] ?? '';
      const payload =
        type === 'sms'
          ? `SMSTO:${phone}:${message}`
          : `sms:${phone}${message ? `?body=${encodeURIComponent(message)}` : ''}`;
      return { ok: true, data: d, payload };
    }
    case 'whatsapp': {
      phoneField('phone', true);
      if (errors.length) return fail();
      const q = new URLSearchParams({ phone: digits(d['phone'] ?? '').replace(/^\+/, '') });
      if (d['body']) q.set('text', d['body']);
      return { ok: true, data: d, payload: `https://api.whatsapp.com/send?${q.toString()}` };
    }
    case 'wifi': {
      const ssid = d['ssid'] ?? '';
      const enc = (d['encryption'] ?? '').toLowerCase();
      if (ssid === '') err('data.ssid', msg('validation.qr.ssidMissing'));
      if (enc !== '' && enc !== 'wep' && enc !== 'wpa' && enc !== 'nopass') {
        err('data.encryption', msg('validation.qr.encryption'));
      }
      if (d['pass'] && (enc === '' || enc === 'nopass')) err('data.encryption', msg('validation.qr.passwordNeedsEncryption'));
      if (errors.length) return fail();
      const esc = (t: string) => t.replace(/([\\;,:"])/g, '\\$1');
      const sec = d['pass'] ? `T:${enc.toUpperCase()};P:${esc(d['pass'])};` : 'T:nopass;';
      return { ok: true, data: { ...d, encryption: enc }, payload: `WIFI:S:${esc(ssid)};${sec};` };
    }
    case 'vcard':
    case 'staticvcard': {
      if (!VCARD_FIELDS.some((k) => (d[k] ?? '') !== '')) {
        err('data', msg('validation.qr.contactEmpty'));
        return fail();
      }
      for (const k of ['phone', 'cell', 'fax']) phoneField(k, false);
      for (const k of ['site', 'facebook', 'instagram', 'twitter', 'linkedin']) urlField(k);
      if (d['email'] && !EMAIL.test(d['email'])) err('data.email', msg('validation.qr.emailInvalid'));
      if (errors.length) return fail();
      return { ok: true, data: d, payload: vcardText(d) };
    }
    case 'event': {
      if (!d['title']) err('data.title', msg('validation.qr.titleMissing'));
      const start = d['start'] ?? '';
      const end = d['end'] ?? '';
      if (start === '') err('data.start', msg('validation.qr.startMissing'));
      else if (!DATETIME.test(start)) err('data.start', msg('validation.qr.startFormat'));
      if (end !== '' && !DATETIME.test(end)) err('data.end', msg('validation.qr.endFormat'));
      else if (end !== '' && DATETIME.test(start) && icsTime(end) < icsTime(start)) err('data.end', msg('validation.qr.endBeforeStart'));
      urlField('url');
      if (errors.length) return fail();
      return { ok: true, data: d, payload: eventText(d) };
    }
    default:
      err('type', msg('validation.qr.unknownType'));
      return fail();
  }
}

/** The payload in words, for a detail view ("Calls +44 20 …", "Joins the Wi-Fi network …"), as a message. */
export function describeQrRef(type: string, data: unknown): MessageRef {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
  const text = typeof data === 'string' ? data : '';
  switch (type) {
    case 'link':
      return msg('validation.qr.describe.link', { url: text });
    case 'text':
      return msg('validation.qr.describe.text', { text });
    case 'phone':
      return msg('validation.qr.describe.phone', { phone: text });
    case 'email': {
      const email = text || s('email');
      return s('subject') ? msg('validation.qr.describe.emailWithSubject', { email, subject: s('subject') }) : msg('validation.qr.describe.email', { email });
    }
    case 'sms':
    case 'smsonly':
      return s('message') ? msg('validation.qr.describe.smsWithMessage', { phone: s('phone'), message: s('message') }) : msg('validation.qr.describe.sms', { phone: s('phone') });
    case 'whatsapp':
      return s('body') ? msg('validation.qr.describe.whatsappWithMessage', { phone: s('phone'), message: s('body') }) : msg('validation.qr.describe.whatsapp', { phone: s('phone') });
    case 'wifi':
      return s('encryption') && s('encryption') !== 'nopass'
        ? msg('validation.qr.describe.wifiSecured', { ssid: s('ssid'), security: s('encryption').toUpperCase() })
        : msg('validation.qr.describe.wifiOpen', { ssid: s('ssid') });
    case 'vcard':
    case 'staticvcard': {
      const named = [s('fname'), s('lname')].filter(Boolean).join(' ') || s('org');
      const name = named || msg('validation.qr.describe.noName');
      const phone = s('phone') || s('cell');
      const email = s('email');
      if (phone && email) return msg('validation.qr.describe.contactPhoneEmail', { name, phone, email });
      if (phone) return msg('validation.qr.describe.contactPhone', { name, phone });
      if (email) return msg('validation.qr.describe.contactEmail', { name, email });
      return msg('validation.qr.describe.contact', { name });
    }
    case 'event': {
      const [title, start, end, location] = [s('title'), s('start'), s('end'), s('location')];
      if (end && location) return msg('validation.qr.describe.eventUntilAt', { title, start, end, location });
      if (end) return msg('validation.qr.describe.eventUntil', { title, start, end });
      if (location) return msg('validation.qr.describe.eventAt', { title, start, location });
      return msg('validation.qr.describe.event', { title, start });
    }
    default:
      return msg('validation.qr.describe.raw', { content: typeof data === 'string' ? data : JSON.stringify(data ?? '') });
  }
}

/** The payload in words, in English (the command line and logs). */
export const describeQrData = (type: string, data: unknown): string => englishText(describeQrRef(type, data));
