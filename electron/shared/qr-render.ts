import QRCode from 'qrcode';
import { zlibSync } from 'fflate';
import { englishText, msg, type MessageRef } from './message-ref.js';
import { parseColor, scanContrastRef, type Rgb } from './qr-colors.js';

/*
 * QR images made locally (issue 31): no request to the service, so exports cost nothing of the
 * rate budget and work offline. Pure (no Node, no DOM): the renderer exports with it and the
 * benchmark measures it under Node. The module matrix comes from the `qrcode` package's
 * encoder; the SVG and the PNG are written here (a PNG is a few chunks around a zlib stream,
 * which fflate makes), so both sides produce the same bytes.
 */

export type ErrorCorrection = 'L' | 'M' | 'Q' | 'H';

export interface QrLogo {
  bytes: Uint8Array;
  mime: 'image/png' | 'image/jpeg';
}

export interface QrDesign {
  /** `#rrggbb` or `rgb(r,g,b)`. */
  foreground: string;
  background: string;
  errorCorrection: ErrorCorrection;
  /** Quiet zone, in modules (the standard asks for 4). */
  margin: number;
  /** Width and height of PNG and SVG, in pixels; of the PDF's code, in points. */
  size: number;
  /** Drawn in the middle (SVG and PDF; PNG when it is a PNG file). */
  logo: QrLogo | null;
}

export const DEFAULT_DESIGN: QrDesign = {
  foreground: '#000000',
  background: '#ffffff',
  errorCorrection: 'M',
  margin: 4,
  size: 512,
  logo: null,
};

export const QR_SIZE_MIN = 64;
export const QR_SIZE_MAX = 4096;
export const QR_MARGIN_MAX = 16;
/** The logo's side as a share of the code's (without margin): what level H or Q recovers. */
export const LOGO_SHARE = 0.22;
export const LOGO_MAX_BYTES = 1024 * 1024;

export type DesignField = 'foreground' | 'background' | 'errorCorrection' | 'margin' | 'size' | 'logo';

/** Problems with a design, by field, as messages for the form (empty when it is fine). */
export function checkDesignRefs(d: QrDesign): Partial<Record<DesignField, MessageRef>> {
  const errors: Partial<Record<DesignField, MessageRef>> = {};
  const fg = parseColor(d.foreground);
  const bg = parseColor(d.background);
  if (!fg) errors.foreground = msg('validation.qr.colourFormat');
  if (!bg) errors.background = msg('validation.qr.colourFormat');
  if (fg && bg) {
    const problem = scanContrastRef(fg, bg);
    if (problem) errors.foreground = problem;
  }
  if (!['L', 'M', 'Q', 'H'].includes(d.errorCorrection)) errors.errorCorrection = msg('validation.qr.errorCorrection');
  if (!Number.isInteger(d.margin) || d.margin < 0 || d.margin > QR_MARGIN_MAX) {
    errors.margin = msg('validation.qr.margin', { max: QR_MARGIN_MAX, standard: 4 });
  }
  if (!Number.isInteger(d.size) || d.size < QR_SIZE_MIN || d.size > QR_SIZE_MAX) {
    errors.size = msg('validation.qr.size', { min: QR_SIZE_MIN, max: QR_SIZE_MAX });
  }
  if (d.logo) {
    if (d.logo.bytes.length > LOGO_MAX_BYTES) errors.logo = msg('validation.qr.logoTooBig', { mb: LOGO_MAX_BYTES / (1024 * 1024) });
    else if (!logoKind(d.logo.bytes)) errors.logo = msg('validation.qr.logoType');
    else if (d.errorCorrection === 'L' || d.errorCorrection === 'M') errors.logo = msg('validation.qr.logoNeedsCorrection');
  }
  return errors;
}

/** The same problems in English (the command line and logs). */
export function checkDesign(d: QrDesign): Partial<Record<DesignField, string>> {
  const out: Partial<Record<DesignField, string>> = {};
  for (const [field, ref] of Object.entries(checkDesignRefs(d)) as [DesignField, MessageRef][]) out[field] = englishText(ref);
  return out;
}

/** The file's own kind from its first bytes (its name or type may lie). */
export function logoKind(bytes: Uint8Array): QrLogo['mime'] | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export interface QrMatrix {
  /** Modules per side. */
  count: number;
  dark(x: number, y: number): boolean;
}

export function qrMatrix(text: string, errorCorrection: ErrorCorrection): QrMatrix {
  const code = QRCode.create(text, { errorCorrectionLevel: errorCorrection });
  const { size, data } = code.modules;
  return { count: size, dark: (x, y) => data[y * size + x] === 1 };
}

const colorOf = (text: string, fallback: Rgb): Rgb => parseColor(text) ?? fallback;
const hex = (c: Rgb) => `#${[c.r, c.g, c.b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;

/** Where the logo goes, in modules (centred, a whole number of modules, same parity as the code). */
export function logoBox(count: number): { start: number; side: number } {
  let side = Math.round(count * LOGO_SHARE);
  if ((count - side) % 2 !== 0) side += 1;
  return { start: (count - side) / 2, side };
}

function base64(bytes: Uint8Array): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += chars[(n >> 18) & 63]! + chars[(n >> 12) & 63]! + (i + 1 < bytes.length ? chars[(n >> 6) & 63]! : '=') + (i + 2 < bytes.length ? chars[n & 63]! : '=');
  }
  return out;
}

/** The code as an SVG document: one path of dark modules (runs merged per row). */
export function qrSvg(text: string, design: QrDesign): string {
  const m = qrMatrix(text, design.errorCorrection);
  const total = m.count + 2 * design.margin;
  const box = design.logo ? logoBox(m.count) : null;
  const inLogo = (x: number, y: number) =>
    box !== null && x >= box.start && x < box.start + box.side && y >= box.start && y < box.start + box.side;
  let path = '';
  for (let y = 0; y < m.count; y++) {
    for (let x = 0; x < m.count; x++) {
      if (!m.dark(x, y) || inLogo(x, y)) continue;
      let run = 1;
      while (x + run < m.count && m.dark(x + run, y) && !inLogo(x + run, y)) run++;
      path += `M${x + design.margin} ${y + design.margin}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  const fg = hex(colorOf(design.foreground, { r: 0, g: 0, b: 0 }));
  const bg = hex(colorOf(design.background, { r: 255, g: 255, b: 255 }));
  const logo =
    box && design.logo
      ? `<image x="${box.start + design.margin}" y="${box.start + design.margin}" width="${box.side}" height="${box.side}" preserveAspectRatio="xMidYMid meet" href="data:${design.logo.mime};base64,${base64(design.logo.bytes)}"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" width="${design.size}" height="${design.size}" shape-rendering="crispEdges"><rect width="${total}" height="${total}" fill="${bg}"/><path fill="${fg}" d="${path}"/>${logo}</svg>`;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/** Pixels of a decoded PNG logo (8-bit RGB or RGBA, not interlaced), or null when it is another kind. */
export type LogoPixels = { width: number; height: number; rgba: Uint8Array } | null;

/**
 * The code as a PNG file. Without a logo: two colours, one bit a pixel (a palette of the
 * background and the foreground), about 35 KB of rows for 512 px instead of 786 KB of RGB, which
 * is what made 1,000 codes take over a minute. With a logo (`logoPixels`, decoded by the
 * caller, e.g. from a canvas): 8-bit RGB, the logo blended over the background in its box.
 * Pixel rows within one module row are equal: each is made once and copied.
 */
export function qrPng(text: string, design: QrDesign, logoPixels: LogoPixels = null): Uint8Array {
  const m = qrMatrix(text, design.errorCorrection);
  const total = m.count + 2 * design.margin;
  const size = design.size;
  const fg = colorOf(design.foreground, { r: 0, g: 0, b: 0 });
  const bg = colorOf(design.background, { r: 255, g: 255, b: 255 });
  const box = design.logo ? logoBox(m.count) : null;
  const rgbMode = box !== null && logoPixels !== null;
  const stride = rgbMode ? size * 3 + 1 : Math.ceil(size / 8) + 1;
  const raw = new Uint8Array(stride * size);
  // Which module each pixel column (and row) falls in, computed once.
  const moduleAt = new Int32Array(size);
  for (let p = 0; p < size; p++) moduleAt[p] = Math.floor((p * total) / size) - design.margin;
  const isDark = (mx: number, my: number) =>
    mx >= 0 && my >= 0 && mx < m.count && my < m.count && m.dark(mx, my) &&
    !(box !== null && mx >= box.start && mx < box.start + box.side && my >= box.start && my < box.start + box.side);
  for (let py = 0; py < size; py++) {
    const row = py * stride;
    const my = moduleAt[py]!;
    if (py > 0 && moduleAt[py - 1] === my) {
      raw.copyWithin(row, row - stride, row);
      continue;
    }
    raw[row] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const dark = isDark(moduleAt[px]!, my);
      if (rgbMode) {
        const c = dark ? fg : bg;
        const o = row + 1 + px * 3;
        raw[o] = c.r;
        raw[o + 1] = c.g;
        raw[o + 2] = c.b;
      } else if (dark) {
        raw[row + 1 + (px >> 3)]! |= 0x80 >> (px & 7);
      }
    }
  }
  if (rgbMode) drawLogo(raw, stride, size, total, design.margin, box, logoPixels, bg);
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, size);
  hv.setUint32(4, size);
  // Bit depth and colour type: 8-bit truecolour, or 1-bit palette; deflate, no interlace.
  header.set(rgbMode ? [8, 2, 0, 0, 0] : [1, 3, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(rgbMode ? [] : [chunk('PLTE', new Uint8Array([bg.r, bg.g, bg.b, fg.r, fg.g, fg.b]))]),
    chunk('IDAT', zlibSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Scales the logo into its box (nearest pixel, fitted, centred), blending alpha over the background. */
function drawLogo(
  raw: Uint8Array,
  stride: number,
  size: number,
  total: number,
  margin: number,
  box: { start: number; side: number },
  logo: NonNullable<LogoPixels>,
  bg: Rgb,
): void {
  const x0 = Math.round(((box.start + margin) * size) / total);
  const side = Math.round((box.side * size) / total);
  const scale = Math.min(side / logo.width, side / logo.height);
  const w = Math.max(1, Math.round(logo.width * scale));
  const h = Math.max(1, Math.round(logo.height * scale));
  const ox = x0 + Math.floor((side - w) / 2);
  const oy = x0 + Math.floor((side - h) / 2);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(logo.height - 1, Math.floor(y / scale));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(logo.width - 1, Math.floor(x / scale));
      const s = (sy * logo.width + sx) * 4;
      const a = logo.rgba[s + 3]! / 255;
      const o = (oy + y) * stride + 1 + (ox + x) * 3;
      raw[o] = Math.round(logo.rgba[s]! * a + bg.r * (1 - a));
      raw[o + 1] = Math.round(logo.rgba[s + 1]! * a + bg.g * (1 - a));
      raw[o + 2] = Math.round(logo.rgba[s + 2]! * a + bg.b * (1 - a));
    }
  }
}
