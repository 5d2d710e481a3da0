import { t } from '../../i18n/index.js';
/** The checks of the channel form, made before anything is sent (the service makes them again). */
export interface ChannelFields {
  name: string;
  description: string;
  color: string;
  starred: boolean;
}

export const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rrggbb` for a valid HEX colour (short forms expanded), else null. */
export function normalizeHex(value: string): string | null {
  const m = HEX_COLOR.exec(value.trim());
  if (!m) return null;
  const hex = (m[1] as string).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** Messages by field; empty when the form can be sent. */
export function validateChannel(fields: ChannelFields): Partial<Record<'name' | 'color', string>> {
  const out: Partial<Record<'name' | 'color', string>> = {};
  if (!fields.name.trim()) out.name = t('channels.form.nameRequired');
  else if (fields.name.trim().length > 255) out.name = t('channels.form.nameTooLong', { max: 255 });
  if (fields.color.trim() && !normalizeHex(fields.color)) {
    out.color = t('channels.form.colourInvalid');
  }
  return out;
}
