import QRCode from 'qrcode';
import { formatNumber } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';

/** What a person chooses for the QR code. Colours as typed (validated by {@link checkQrOptions}). */
export interface QrOptionsInput {
  size: number;
  foreground: string;
  background: string;
}

/** Options that passed validation: colours normalised to `#rrggbb`. */
export interface QrOptions {
  size: number;
  foreground: string;
  background: string;
}

export interface QrCheck {
  /** The options to render with, or null while any field is invalid. */
  options: QrOptions | null;
  errors: { size?: string; foreground?: string; background?: string };
  /** Set when the colours pass but scanners may struggle with them. */
  warning: string | null;
  /** WCAG contrast ratio of the two colours (1–21), or null when either is invalid. */
  contrast: number | null;
}

export const QR_MIN_SIZE = 128;
export const QR_MAX_SIZE = 2048;
/** Below this ratio phone cameras start missing codes; 4.5 is also the WCAG text threshold. */
export const QR_MIN_CONTRAST = 4.5;
export const QR_DEFAULTS: QrOptions = { size: 256, foreground: '#000000', background: '#ffffff' };

/** `#abc` or `#aabbcc` (any case) → `#aabbcc`; null for anything else (names, alpha, rgb()). */
export function normaliseHex(value: string): string | null {
  const text = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return /^#[0-9a-f]{6}$/.test(text) ? text : null;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function checkQrOptions(input: QrOptionsInput): QrCheck {
  const errors: QrCheck['errors'] = {};
  if (!Number.isInteger(input.size) || input.size < QR_MIN_SIZE || input.size > QR_MAX_SIZE) {
    errors.size = t('linkDetail.qr.sizeError', { min: QR_MIN_SIZE, max: QR_MAX_SIZE });
  }
  const foreground = normaliseHex(input.foreground);
  const background = normaliseHex(input.background);
  if (!foreground) errors.foreground = t('linkDetail.qr.foregroundError');
  if (!background) errors.background = t('linkDetail.qr.backgroundError');
  const contrast = foreground && background ? contrastRatio(foreground, background) : null;
  let warning: string | null = null;
  if (contrast !== null && contrast < QR_MIN_CONTRAST) {
    warning = t('linkDetail.qr.lowContrast', { ratio: formatNumber(contrast, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), min: formatNumber(QR_MIN_CONTRAST) });
  } else if (foreground && background && luminance(foreground) > luminance(background)) {
    // Inverted codes pass the contrast test but many older scanners expect dark on light.
    warning = t('linkDetail.qr.inverted');
  }
  const valid = Object.keys(errors).length === 0 && foreground && background;
  return { options: valid ? { size: input.size, foreground, background } : null, errors, warning, contrast };
}

/** Margin in modules: the 4-module quiet zone the QR standard asks for. */
const MARGIN = 4;

const qrcodeOptions = (options: QrOptions) => ({
  width: options.size,
  margin: MARGIN,
  // M: survives a smudge or a small logo sticker, without making short URLs' codes dense.
  errorCorrectionLevel: 'M' as const,
  color: { dark: options.foreground, light: options.background },
});

/** The code as an SVG document (made here, no network). */
export function qrSvg(text: string, options: QrOptions): Promise<string> {
  return QRCode.toString(text, { ...qrcodeOptions(options), type: 'svg' });
}

/** The code as a PNG data URL (drawn on a canvas in the browser). */
export function qrPngDataUrl(text: string, options: QrOptions): Promise<string> {
  return QRCode.toDataURL(text, { ...qrcodeOptions(options), type: 'image/png' });
}

/** An SVG as a data URL an <img> can show under the `img-src data:` policy. */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A file name for downloads: the alias (or "link") with only safe characters. */
export function qrFileName(alias: string, extension: 'png' | 'svg'): string {
  const base = alias.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'link';
  return `qr-${base}.${extension}`;
}
