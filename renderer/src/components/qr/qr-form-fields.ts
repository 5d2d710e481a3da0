import { QR_DATA_FIELDS, type QrData, type QrType } from '../../../../electron/shared/qr-codes.js';

/** Labels and hints of the per-type fields of the QR form (the API's field names as keys). */
export const FIELD_LABELS: Record<string, string> = {
  email: 'E-mail address',
  subject: 'Subject',
  body: 'Message',
  phone: 'Phone number',
  message: 'Message',
  ssid: 'Network name (SSID)',
  pass: 'Password',
  encryption: 'Security',
  fname: 'First name',
  lname: 'Last name',
  org: 'Organisation',
  cell: 'Mobile',
  fax: 'Fax',
  site: 'Website',
  facebook: 'Facebook page',
  instagram: 'Instagram page',
  twitter: 'X (Twitter) page',
  linkedin: 'LinkedIn page',
  street: 'Street',
  city: 'City',
  state: 'State or region',
  zip: 'Postcode',
  country: 'Country',
  title: 'Title',
  description: 'Description',
  location: 'Place',
  url: 'Web address',
  start: 'Starts (YYYY-MM-DD HH:MM)',
  end: 'Ends (YYYY-MM-DD HH:MM)',
};

/** The label of the single field of link, text and phone codes. */
export const SINGLE_LABELS: Partial<Record<QrType, string>> = {
  link: 'Web address',
  text: 'Text',
  phone: 'Phone number',
};

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
