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
  if (!fields.name.trim()) out.name = 'The name is required: give the channel a name.';
  else if (fields.name.trim().length > 255) out.name = 'The name is too long: keep it under 255 characters.';
  if (fields.color.trim() && !normalizeHex(fields.color)) {
    out.color = 'The colour must be a HEX colour such as #1a73e8 (or the short form #17e); leave it empty for none.';
  }
  return out;
}
