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

export const QR_TYPE_LABELS: Record<QrType, string> = {
  link: 'Link',
  text: 'Text',
  email: 'E-mail',
  phone: 'Phone call',
  sms: 'SMS',
  smsonly: 'SMS (number only form)',
  whatsapp: 'WhatsApp message',
  wifi: 'Wi-Fi network',
  vcard: 'Contact card (vCard)',
  staticvcard: 'Contact card, static',
  event: 'Calendar event',
};

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

/** One problem with the input, named by field (`data`, `data.phone`, `name`…) for the form. */
export interface QrFieldError {
  field: string;
  message: string;
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
  const err = (field: string, message: string) => errors.push({ field, message });
  const fail = (): QrPayloadResult => ({ ok: false, errors });

  if (type === 'link' || type === 'text' || type === 'phone') {
    const text = typeof data === 'string' ? data.trim() : typeof data === 'number' ? String(data) : '';
    if (text === '') {
      err('data', type === 'link' ? 'Enter the web address the code opens.' : type === 'phone' ? 'Enter the phone number to call.' : 'Enter the text the code holds.');
      return fail();
    }
    if (text.length > MAX_QR_TEXT) err('data', `At most ${MAX_QR_TEXT} characters fit in a QR code; this has ${text.length}.`);
    if (type === 'link' && !isWeb(text)) err('data', 'Enter a full web address starting with http:// or https://.');
    if (type === 'phone' && !PHONE.test(text)) err('data', 'Enter a phone number: digits, optionally starting with +.');
    if (errors.length) return fail();
    return { ok: true, data: text, payload: type === 'phone' ? `tel:${digits(text)}` : text };
  }

  if (type === 'email' && typeof data === 'string') return qrPayload('email', { email: data });
  const d = readObject(data, QR_DATA_FIELDS[type]);
  if (d === null) {
    err('data', `For a ${QR_TYPE_LABELS[type].toLowerCase()} code, "data" must be an object with ${QR_DATA_FIELDS[type].join(', ')}.`);
    return fail();
  }
  for (const [k, v] of Object.entries(d)) {
    const max = k === 'body' || k === 'message' || k === 'description' ? MAX_MESSAGE : k === 'subject' ? MAX_SUBJECT : MAX_FIELD;
    if (v.length > max) err(`data.${k}`, `At most ${max} characters; this has ${v.length}.`);
  }
  const phoneField = (k: string, required: boolean) => {
    const v = d[k] ?? '';
    if (v === '' && required) err(`data.${k}`, 'Enter the phone number.');
    else if (v !== '' && !PHONE.test(v)) err(`data.${k}`, 'Enter a phone number: digits, optionally starting with +.');
  };
  const urlField = (k: string) => {
    const v = d[k] ?? '';
    if (v !== '' && !isWeb(v)) err(`data.${k}`, 'Enter a full web address starting with http:// or https://.');
  };

  switch (type) {
    case 'email': {
      const email = d['email'] ?? '';
      if (email === '') err('data.email', 'Enter the e-mail address.');
      else if (!EMAIL.test(email)) err('data.email', 'Enter an e-mail address such as name@example.com.');
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
      if (ssid === '') err('data.ssid', 'Enter the network name (SSID).');
      if (enc !== '' && enc !== 'wep' && enc !== 'wpa' && enc !== 'nopass') {
        err('data.encryption', 'Choose WPA, WEP or none.');
      }
      if (d['pass'] && (enc === '' || enc === 'nopass')) err('data.encryption', 'A network with a password needs WPA or WEP.');
      if (errors.length) return fail();
      const esc = (t: string) => t.replace(/([\\;,:"])/g, '\\$1');
      const sec = d['pass'] ? `T:${enc.toUpperCase()};P:${esc(d['pass'])};` : 'T:nopass;';
      return { ok: true, data: { ...d, encryption: enc }, payload: `WIFI:S:${esc(ssid)};${sec};` };
    }
    case 'vcard':
    case 'staticvcard': {
      if (!VCARD_FIELDS.some((k) => (d[k] ?? '') !== '')) {
        err('data', 'Fill in at least one field of the contact card.');
        return fail();
      }
      for (const k of ['phone', 'cell', 'fax']) phoneField(k, false);
      for (const k of ['site', 'facebook', 'instagram', 'twitter', 'linkedin']) urlField(k);
      if (d['email'] && !EMAIL.test(d['email'])) err('data.email', 'Enter an e-mail address such as name@example.com.');
      if (errors.length) return fail();
      return { ok: true, data: d, payload: vcardText(d) };
    }
    case 'event': {
      if (!d['title']) err('data.title', 'Enter the title of the event.');
      const start = d['start'] ?? '';
      const end = d['end'] ?? '';
      if (start === '') err('data.start', 'Enter when the event starts (YYYY-MM-DD HH:MM).');
      else if (!DATETIME.test(start)) err('data.start', 'Write the start as YYYY-MM-DD HH:MM.');
      if (end !== '' && !DATETIME.test(end)) err('data.end', 'Write the end as YYYY-MM-DD HH:MM.');
      else if (end !== '' && DATETIME.test(start) && icsTime(end) < icsTime(start)) err('data.end', 'The end must come after the start.');
      urlField('url');
      if (errors.length) return fail();
      return { ok: true, data: d, payload: eventText(d) };
    }
    default:
      err('type', 'Unknown QR code type.');
      return fail();
  }
}

/** The payload in words, for a detail view ("Calls +44 20 …", "Joins the Wi-Fi network …"). */
export function describeQrData(type: string, data: unknown): string {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string) : '');
  const text = typeof data === 'string' ? data : '';
  switch (type) {
    case 'link':
      return `Opens ${text}`;
    case 'text':
      return `Shows the text “${text}”`;
    case 'phone':
      return `Calls ${text}`;
    case 'email':
      return `Writes an e-mail to ${text || s('email')}${s('subject') ? ` with the subject “${s('subject')}”` : ''}`;
    case 'sms':
    case 'smsonly':
      return `Sends an SMS to ${s('phone')}${s('message') ? `: “${s('message')}”` : ''}`;
    case 'whatsapp':
      return `Opens a WhatsApp message to ${s('phone')}${s('body') ? `: “${s('body')}”` : ''}`;
    case 'wifi':
      return `Joins the Wi-Fi network “${s('ssid')}”${s('encryption') && s('encryption') !== 'nopass' ? ` (${s('encryption').toUpperCase()}, password included)` : ' (open)'}`;
    case 'vcard':
    case 'staticvcard': {
      const name = [s('fname'), s('lname')].filter(Boolean).join(' ') || s('org');
      return `Adds the contact ${name || '(no name)'}${s('phone') || s('cell') ? `, phone ${s('phone') || s('cell')}` : ''}${s('email') ? `, ${s('email')}` : ''}`;
    }
    case 'event':
      return `Adds the event “${s('title')}” on ${s('start')}${s('end') ? ` until ${s('end')}` : ''}${s('location') ? ` at ${s('location')}` : ''}`;
    default:
      return typeof data === 'string' ? data : JSON.stringify(data ?? '');
  }
}
