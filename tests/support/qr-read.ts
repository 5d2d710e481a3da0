import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/*
 * Reading QR images back, the way a scanner would, so a test checks what an image encodes
 * without trusting the code that made it: jsqr (a decoder written apart from the `qrcode`
 * encoder the app uses) reads the pixels; pngjs decodes the PNG file.
 */

/** An RGBA bitmap. */
export interface Bitmap {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The pixels of a PNG file (bytes, or a `data:image/png;base64,` URL). */
export function pngPixels(png: Uint8Array | string): Bitmap {
  const bytes =
    typeof png === 'string'
      ? Buffer.from(png.replace(/^data:image\/png;base64,/, ''), 'base64')
      : Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const image = PNG.sync.read(bytes);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}

/** The text a scanner reads from the bitmap, or null when it finds no code. */
export function decodeBitmap(bitmap: Bitmap): string | null {
  return jsQR(bitmap.data, bitmap.width, bitmap.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The text a scanner reads from a PNG file or data URL. */
export const decodePng = (png: Uint8Array | string): string | null => decodeBitmap(pngPixels(png));

/**
 * The modules a text needs, straight from the `qrcode` encoder (not through the renderer under
 * test): `dark(x, y)` for 0 ≤ x, y < count.
 */
export function encoderModules(text: string, level: 'L' | 'M' | 'Q' | 'H'): { count: number; dark: (x: number, y: number) => boolean } {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: level }).modules;
  return { count: size, dark: (x, y) => data[y * size + x] === 1 };
}

/** What an SVG of the renderer's kind draws, in viewBox units. */
export interface SvgDrawing {
  viewBox: { x: number; y: number; width: number; height: number };
  /** Dark cells, as `x,y` of their top-left corner in viewBox units. */
  dark: Set<string>;
  /** The `<image>` drawn over the code, if any. */
  image: { x: number; y: number; width: number; height: number } | null;
}

/**
 * Reads an SVG whose code is one `<path>` of unit-high runs (`M x y h n v1 h-n z`, the shape
 * the renderer writes): any other path command fails the read, so a change of shape is seen
 * rather than misread.
 */
export function readSvg(svg: string): SvgDrawing {
  const box = /viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"/.exec(svg);
  if (!box) throw new Error('no viewBox');
  const [x, y, width, height] = box.slice(1).map(Number) as [number, number, number, number];
  const d = /<path[^>]* d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  const run = /M(-?\d+) (-?\d+)h(\d+)v1h-(\d+)z/y;
  let at = 0;
  while (at < d.length) {
    run.lastIndex = at;
    const m = run.exec(d);
    if (!m || m[3] !== m[4]) throw new Error(`unexpected path data at ${at}: ${d.slice(at, at + 40)}`);
    const [mx, my, n] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let i = 0; i < n; i++) dark.add(`${mx + i},${my}`);
    at = run.lastIndex;
  }
  const img = /<image x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"/.exec(svg);
  const image = img ? { x: Number(img[1]), y: Number(img[2]), width: Number(img[3]), height: Number(img[4]) } : null;
  return { viewBox: { x, y, width, height }, dark, image };
}

/**
 * The drawing as a scanner sees it: only what lies inside the viewBox (the rest is clipped),
 * `scale` pixels a unit, dark cells black on white; the image, if any, a flat mid grey.
 */
export function rasterizeSvg(drawing: SvgDrawing, scale = 4): Bitmap {
  const { viewBox: v } = drawing;
  const width = Math.round(v.width * scale);
  const height = Math.round(v.height * scale);
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const fill = (ux: number, uy: number, uw: number, uh: number, value: number) => {
    for (let py = Math.max(0, Math.round((uy - v.y) * scale)); py < Math.min(height, Math.round((uy + uh - v.y) * scale)); py++) {
      for (let px = Math.max(0, Math.round((ux - v.x) * scale)); px < Math.min(width, Math.round((ux + uw - v.x) * scale)); px++) {
        const o = (py * width + px) * 4;
        data[o] = data[o + 1] = data[o + 2] = value;
      }
    }
  };
  for (const cell of drawing.dark) {
    const [cx, cy] = cell.split(',').map(Number) as [number, number];
    fill(cx, cy, 1, 1, 0);
  }
  if (drawing.image) fill(drawing.image.x, drawing.image.y, drawing.image.width, drawing.image.height, 128);
  return { width, height, data };
}
