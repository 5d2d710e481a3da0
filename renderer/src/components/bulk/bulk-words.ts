import { t } from '../../i18n/index.js';
import type { BulkField } from '../../../../electron/shared/bulk-import.js';
import type { ImportEncoding } from '../../../../electron/shared/import-encoding.js';
import type { DateForm, Thousands } from '../../../../electron/shared/import-locale.js';

/*
 * The words the bulk steps use for the import's own terms (a field, an encoding, a date form):
 * maps of full message keys, so the catalogue check finds each one, rendered on each call so a
 * language switch follows (issue 44).
 */

const FIELD_KEYS: Record<Exclude<BulkField, 'ignore'>, string> = {
  url: 'bulk.field.url',
  custom: 'bulk.field.custom',
  channel: 'bulk.field.channel',
  campaign: 'bulk.field.campaign',
  domain: 'bulk.field.domain',
  description: 'bulk.field.description',
  metaTitle: 'bulk.field.metaTitle',
  metaDescription: 'bulk.field.metaDescription',
  metaImage: 'bulk.field.metaImage',
  password: 'bulk.field.password',
  expiry: 'bulk.field.expiry',
  status: 'bulk.field.status',
  type: 'bulk.field.type',
  shortUrl: 'bulk.field.shortUrl',
  tags: 'bulk.field.tags',
  formerClicks: 'bulk.field.formerClicks',
  created: 'bulk.field.created',
};

/** "Long URL", "Langziel-URL": the name of a field a column can fill. */
export const fieldLabel = (field: Exclude<BulkField, 'ignore'>): string => t(FIELD_KEYS[field]);

const ENCODING_KEYS: Record<ImportEncoding, string> = {
  'utf-8': 'bulk.encoding.utf8',
  'utf-8-bom': 'bulk.encoding.utf8Bom',
  'utf-16le': 'bulk.encoding.utf16le',
  'utf-16be': 'bulk.encoding.utf16be',
  'windows-1252': 'bulk.encoding.windows1252',
};

/** How the preview names the encoding a file was read in. */
export const encodingWords = (encoding: ImportEncoding): string => t(ENCODING_KEYS[encoding]);

const DATE_FORM_KEYS: Record<DateForm, string> = {
  standard: 'bulk.dateForm.standard',
  'dd.mm.yyyy': 'bulk.dateForm.dotted',
  'yyyy/mm/dd': 'bulk.dateForm.yearFirst',
  'dd/mm/yyyy': 'bulk.dateForm.dayFirst',
  'mm/dd/yyyy': 'bulk.dateForm.monthFirst',
  'slash-unsettled': 'bulk.dateForm.unsettled',
};

/** "day/month/year (30/06/2024)": how a column's dates were read. */
export const dateFormWords = (form: DateForm): string => t(DATE_FORM_KEYS[form]);

const THOUSANDS_KEYS: Record<Exclude<Thousands, null>, string> = {
  '.': 'bulk.thousands.fullStop',
  ',': 'bulk.thousands.comma',
  space: 'bulk.thousands.space',
};

/** "a full stop (1.234.567)": the thousands separator a column's counts were read with. */
export const thousandsWords = (separator: Exclude<Thousands, null>): string => t(THOUSANDS_KEYS[separator]);
