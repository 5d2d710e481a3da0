import { strToU8, zipSync, type Zippable } from 'fflate';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { captionLayout, captionSvg } from './qr-caption.js';
import { parseColor } from './qr-colors.js';
import { qrMatrix, qrPng, qrSvg, logoBox, type LogoPixels, type QrDesign } from './qr-render.js';

/*
 * Exports of QR codes (issue 31), made locally: PNG, SVG, print-ready PDF (vector modules, one
 * code per page with its name under it), and many codes at once as one ZIP. Libraries: pdf-lib
 * (PDF, embeds the logo's PNG or JPG as it is) and fflate (ZIP); see docs/qr-codes.md.
 */

export type QrExportFormat = 'png' | 'svg' | 'pdf';

/**
 * One code to export: what it encodes, the name its file gets, and the words printed under the
 * code when its link does not open for everyone (a dynamic code of a local workspace: the
 * profiles store's `reachCaption`, from shortLinkReach in local-reach.ts), as the link drawer's
 * export prints them.
 */
export interface QrExportItem {
  text: string;
  name: string;
  caption?: string | null;
}

/** Draws a caption under a PNG code (needs a canvas: the renderer gives it). */
export type PngCaptioner = (png: Uint8Array, caption: string, options: { size: number; foreground: string; background: string }) => Promise<Uint8Array>;

export interface QrExportFile {
  filename: string;
  mime: 'image/png' | 'image/svg+xml' | 'application/pdf' | 'application/zip';
  bytes: Uint8Array;
}

/** A file name from a code's name: letters, digits, dashes; never empty, never a path. */
export function safeFileName(name: string, fallback: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return base || fallback;
}

/** Distinct names for a ZIP: a second "menu" becomes "menu-2". */
function uniqueNames(items: readonly QrExportItem[], ext: string): string[] {
  const seen = new Map<string, number>();
  return items.map((item, i) => {
    const base = safeFileName(item.name, `qr-${i + 1}`);
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return `${n === 1 ? base : `${base}-${n}`}.${ext}`;
  });
}

const POINT_MARGIN = 36;
/** Helvetica's WinAnsi encoding cannot draw every character: others become "?" (an arrow, a dash). */
const winAnsi = (text: string) => text.replace(/[–—]/g, '-').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
const CAPTION = 14;

/** A PDF with one page per code: the modules drawn as vector rectangles, the name below. */
export async function qrPdf(items: readonly QrExportItem[], design: QrDesign): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(items.length === 1 ? (items[0]?.name ?? 'QR code') : 'QR codes');
  pdf.setCreator('Linkdeck');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const logo = design.logo
    ? design.logo.mime === 'image/png'
      ? await pdf.embedPng(design.logo.bytes)
      : await pdf.embedJpg(design.logo.bytes)
    : null;
  const fgc = parseColor(design.foreground) ?? { r: 0, g: 0, b: 0 };
  const bgc = parseColor(design.background) ?? { r: 255, g: 255, b: 255 };
  const fg = rgb(fgc.r / 255, fgc.g / 255, fgc.b / 255);
  const bg = rgb(bgc.r / 255, bgc.g / 255, bgc.b / 255);
  for (const item of items) {
    const m = qrMatrix(item.text, design.errorCorrection);
    const total = m.count + 2 * design.margin;
    const unit = design.size / total;
    // The reach caption (when there is one) wraps under the code, above the name.
    const reach = item.caption ? captionLayout(winAnsi(item.caption), design.size) : null;
    const reachHeight = reach ? reach.lines.length * 13 + 6 : 0;
    const page = pdf.addPage([design.size + 2 * POINT_MARGIN, design.size + 2 * POINT_MARGIN + CAPTION * 2 + reachHeight]);
    const left = POINT_MARGIN;
    const top = page.getHeight() - POINT_MARGIN;
    page.drawRectangle({ x: left, y: top - design.size, width: design.size, height: design.size, color: bg });
    const box = logo ? logoBox(m.count) : null;
    const inLogo = (x: number, y: number) =>
      box !== null && x >= box.start && x < box.start + box.side && y >= box.start && y < box.start + box.side;
    for (let y = 0; y < m.count; y++) {
      for (let x = 0; x < m.count; x++) {
        if (!m.dark(x, y) || inLogo(x, y)) continue;
        let run = 1;
        while (x + run < m.count && m.dark(x + run, y) && !inLogo(x + run, y)) run++;
        page.drawRectangle({
          x: left + (x + design.margin) * unit,
          y: top - (y + design.margin + 1) * unit,
          width: run * unit,
          height: unit,
          color: fg,
        });
        x += run - 1;
      }
    }
    if (logo && box) {
      const side = box.side * unit;
      const fit = logo.scaleToFit(side, side);
      page.drawImage(logo, {
        x: left + (box.start + design.margin) * unit + (side - fit.width) / 2,
        y: top - (box.start + design.margin) * unit - side + (side - fit.height) / 2,
        width: fit.width,
        height: fit.height,
      });
    }
    reach?.lines.forEach((line, i) =>
      page.drawText(line, { x: left, y: top - design.size - 14 - i * 13, size: 10, font, color: rgb(0.2, 0.2, 0.2) }),
    );
    const caption = winAnsi(item.name).slice(0, 120);
    if (caption) page.drawText(caption, { x: left, y: POINT_MARGIN / 2 + 4, size: 11, font, color: rgb(0.2, 0.2, 0.2) });
  }
  return pdf.save({ useObjectStreams: true });
}

/**
 * The export of one or many codes. One code: its file. Many: PNG and SVG files in one ZIP
 * (files stored, not deflated: PNGs are compressed already, and deflating 1,000 SVGs of ~2.5 KB
 * took 0.6 ms each, 0.67 s against 0.11 s stored, for a ZIP of 0.8 MB instead of 2.5 MB), or one PDF of many pages.
 */
export async function exportQrCodes(
  items: readonly QrExportItem[],
  format: QrExportFormat,
  design: QrDesign,
  logoPixels: LogoPixels = null,
  onProgress?: (done: number) => void | Promise<void>,
  pngCaption?: PngCaptioner,
): Promise<QrExportFile> {
  if (items.length === 0) throw new Error('Choose at least one QR code to export.');
  if (format === 'pdf') {
    const name = items.length === 1 ? safeFileName(items[0]!.name, 'qr-code') : 'qr-codes';
    return { filename: `${name}.pdf`, mime: 'application/pdf', bytes: await qrPdf(items, design) };
  }
  const colours = { size: design.size, foreground: design.foreground, background: design.background };
  const make = async (item: QrExportItem): Promise<Uint8Array> => {
    if (format === 'svg') {
      const svg = qrSvg(item.text, design);
      return strToU8(item.caption ? captionSvg(svg, item.caption, colours) : svg);
    }
    const png = qrPng(item.text, design, logoPixels);
    if (!item.caption) return png;
    if (!pngCaption) throw new Error('this window cannot draw the caption under a PNG code');
    return pngCaption(png, item.caption, colours);
  };
  const mime = format === 'png' ? 'image/png' : 'image/svg+xml';
  const names = uniqueNames(items, format);
  if (items.length === 1) return { filename: names[0]!, mime, bytes: await make(items[0]!) };
  const files: Zippable = {};
  for (let i = 0; i < items.length; i++) {
    files[names[i]!] = [await make(items[i]!), { level: 0 }];
    if (onProgress && (i + 1) % 50 === 0) await onProgress(i + 1);
  }
  return { filename: `qr-codes-${format}.zip`, mime: 'application/zip', bytes: zipSync(files) };
}
