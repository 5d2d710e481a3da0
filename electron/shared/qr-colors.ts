/**
 * QR code colours. Real deployments parse colours only as `rgb(r,g,b)` (the 6.1 docs say hex,
 * which breaks rendering there), so a client always sends that form; this module reads both
 * forms and writes rgb().
 *
 * The scan-contrast check: phone cameras read a code by the luminance difference between its
 * dark modules and the light background. We ask for the WCAG contrast ratio of at least 4:1
 * with the foreground the darker of the two (inverted codes are not read by many scanners).
 */
import { englishText, msg, type MessageRef } from './message-ref.js';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/i;
const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Reads `rgb(r,g,b)` or `#rrggbb`/`#rgb`; null when it is neither. */
export function parseColor(text: string): Rgb | null {
  const t = text.trim();
  const m = RGB.exec(t);
  if (m) {
    const [r, g, b] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return r > 255 || g > 255 || b > 255 ? null : { r, g, b };
  }
  const h = HEX.exec(t);
  if (!h) return null;
  const hex = (h[1] as string).length === 3 ? [...(h[1] as string)].map((c) => c + c).join('') : (h[1] as string);
  return {
    r: parseInt(hex.slice(0, 2), 16),
    g: parseInt(hex.slice(2, 4), 16),
    b: parseInt(hex.slice(4, 6), 16),
  };
}

export const rgbText = (c: Rgb) => `rgb(${c.r},${c.g},${c.b})`;

export const hexText = (c: Rgb) =>
  `#${[c.r, c.g, c.b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;

const channel = (v: number) => {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export const luminance = (c: Rgb) =>
  0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const MIN_SCAN_CONTRAST = 4;

/** What the form says when the pair would not scan reliably, as a message; null when it will. */
export function scanContrastRef(foreground: Rgb, background: Rgb): MessageRef | null {
  const ratio = contrastRatio(foreground, background);
  if (luminance(foreground) > luminance(background)) return msg('validation.qr.inverted');
  if (ratio < MIN_SCAN_CONTRAST) {
    // Rounded down, as toFixed would not: a pair at 3.96:1 must not read "4.0:1 … at least 4:1 is needed".
    return msg('validation.qr.lowContrast', { ratio: Math.floor(ratio * 10) / 10, min: MIN_SCAN_CONTRAST });
  }
  return null;
}

/** The same in English (the command line and logs); null when the pair scans. */
export function scanContrastProblem(foreground: Rgb, background: Rgb): string | null {
  const ref = scanContrastRef(foreground, background);
  return ref ? englishText(ref) : null;
}
