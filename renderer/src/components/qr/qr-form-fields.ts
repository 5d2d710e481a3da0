import { QR_DATA_FIELDS, type QrData, type QrType } from '../../../../electron/shared/qr-codes.js';
import { t } from '../../i18n/index.js';

/** Labels of the per-type fields of the QR form (the API's field names as keys), as message keys. */
const FIELD_KEYS: Record<string, string> = {
  email: 'qr.field.email',
  subject: 'qr.field.subject',
  body: 'qr.field.body',
  phone: 'qr.field.phone',
  message: 'qr.field.message',
  ssid: 'qr.field.ssid',
  pass: 'qr.field.pass',
  encryption: 'qr.field.encryption',
  fname: 'qr.field.fname',
  lname: 'qr.field.lname',
  org: 'qr.field.org',
  cell: 'qr.field.cell',
  fax: 'qr.field.fax',
  site: 'qr.field.site',
  facebook: 'qr.field.facebook',
  instagram: 'qr.field.instagram',
  twitter: 'qr.field.twitter',
  linkedin: 'qr.field.linkedin',
  street: 'qr.field.street',
  city: 'qr.field.city',
  state: 'qr.field.state',
  zip: 'qr.field.zip',
  country: 'qr.field.country',
  title: 'qr.field.title',
  description: 'qr.field.description',
  location: 'qr.field.location',
  url: 'qr.field.url',
  start: 'qr.field.start',
  end: 'qr.field.end',
};

/** A field's label in the person's language (the API's name when it has none). */
export const fieldLabel = (field: string): string => (FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field);

/** The label of the single field of link, text and phone codes. */
const SINGLE_KEYS: Partial<Record<QrType, string>> = {
  link: 'qr.field.url',
  text: 'qr.field.text',
  phone: 'qr.field.phone',
};
export const singleLabel = (type: QrType): string => (SINGLE_KEYS[type] ? t(SINGLE_KEYS[type]) : t('qr.field.content'));

/** Each type's name, as message keys. */
const TYPE_KEYS: Record<QrType, string> = {
  link: 'qr.type.link',
  text: 'qr.type.text',
  email: 'qr.type.email',
  phone: 'qr.type.phone',
  sms: 'qr.type.sms',
  smsonly: 'qr.type.smsonly',
  whatsapp: 'qr.type.whatsapp',
  wifi: 'qr.type.wifi',
  vcard: 'qr.type.vcard',
  staticvcard: 'qr.type.staticvcard',
  event: 'qr.type.event',
};
export const typeName = (type: QrType): string => t(TYPE_KEYS[type]);

export const isSingleField = (type: QrType) => QR_DATA_FIELDS[type].length === 0;

/** Long fields get a text area. */
export const isLongField = (type: QrType, field: string) =>
  (type === 'text' && field === 'data') || ['body', 'message', 'description'].includes(field);

/** The form's values of a code's content, for editing (unknown content: empty fields). */
export function fieldsOf(type: QrType, content: QrData | null): Record<string, string> {
  const values: Record<string, string> = { data: '' };
  for (const f of QR_DATA_FIELDS[type]) values[f] = '';
  if (content === null) return values;
  if (typeof content === 'string') {
    if (type === 'email') values['email'] = content;
    else values['data'] = content;
    return values;
  }
  for (const [k, v] of Object.entries(content)) values[k] = v;
  return values;
}

/** `data` as the API takes it from the form's values (empty object fields left out). */
export function dataOf(type: QrType, values: Record<string, string>): QrData {
  if (isSingleField(type)) return (values['data'] ?? '').trim();
  const out: Record<string, string> = {};
  for (const f of QR_DATA_FIELDS[type]) {
    const v = (values[f] ?? '').trim();
    if (v !== '') out[f] = v;
  }
  return out;
}

/** Whether any content field holds something. */
export const hasContent = (type: QrType, values: Record<string, string>) =>
  (isSingleField(type) ? ['data'] : QR_DATA_FIELDS[type]).some((f) => (values[f] ?? '').trim() !== '');
