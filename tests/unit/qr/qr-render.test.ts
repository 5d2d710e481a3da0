import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { exportQrCodes, safeFileName } from '../../../electron/shared/qr-export.js';
import { checkDesign, DEFAULT_DESIGN, qrMatrix, qrPng, qrSvg } from '../../../electron/shared/qr-render.js';
import { decodeBitmap, decodePng, encoderModules, pngPixels, rasterizeSvg, readSvg } from '../../support/qr-read.js';

const TEXT = 'https://example.com/hello';

describe('local QR images (issue 31)', () => {
  it('draws a PNG whose every module is the encoder’s, in the chosen colours and quiet zone', () => {
    const design = { ...DEFAULT_DESIGN, size: 290, margin: 4, foreground: 'rgb(20,40,60)', background: '#fafafa' };
    const png = PNG.sync.read(Buffer.from(qrPng(TEXT, design)));
    const m = qrMatrix(TEXT, 'M');
    const total = m.count + 8;
    expect([png.width, png.height]).toEqual([290, 290]);
    const at = (mx: number, my: number) => {
      const px = Math.floor(((mx + 4 + 0.5) * 290) / total);
      const py = Math.floor(((my + 4 + 0.5) * 290) / total);
      const o = (py * 290 + px) * 4;
      return [png.data[o], png.data[o + 1], png.data[o + 2]];
    };
    for (let y = 0; y < m.count; y++) {
      for (let x = 0; x < m.count; x++) expect(at(x, y)).toEqual(m.dark(x, y) ? [20, 40, 60] : [250, 250, 250]);
    }
    // The quiet zone is background, and a scanner reads the text back.
    expect(at(-2, -2)).toEqual([250, 250, 250]);
    expect(decodePng(qrPng(TEXT, design))).toBe(TEXT);
  });

  it('draws a logo into a PNG (RGB then) in the middle, over a blank box, and the code still scans', () => {
    const logo = { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), mime: 'image/png' as const };
    // A logo three times wider than high: it fills the box's width only, so the box's rows above
    // and below it show whatever is drawn under the logo.
    const red = { width: 3, height: 1, rgba: new Uint8Array([255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255]) };
    const bytes = qrPng(TEXT, { ...DEFAULT_DESIGN, errorCorrection: 'H', logo }, red);
    const png = pngPixels(bytes);
    const pixel = (x: number, y: number) => { const o = (y * png.width + x) * 4; return [png.data[o], png.data[o + 1], png.data[o + 2]]; };
    expect(pixel(256, 256)).toEqual([255, 0, 0]);
    // The logo's extent, found in the pixels: its width is the box's side.
    const redColumns = Array.from({ length: png.width }, (_, x) => x).filter((x) => pixel(x, 256).join() === '255,0,0');
    const [left, right] = [redColumns[0]!, redColumns[redColumns.length - 1]!];
    const side = right - left + 1;
    expect(side).toBeGreaterThan(512 / 8);
    // The square box centred on the logo (a pixel in from each edge, for rounding) has no dark pixel.
    const top = Math.round(256 - side / 2);
    const dark: string[] = [];
    for (let y = top + 1; y < top + side - 1; y++) for (let x = left + 1; x < right; x++) if (pixel(x, y).join() === '0,0,0') dark.push(`${x},${y}`);
    expect(dark).toEqual([]);
    expect(decodePng(bytes)).toBe(TEXT);
  });

  describe('the SVG, read back independently of the renderer (issue 46)', () => {
    const logo = { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), mime: 'image/png' as const };
    /** Dark cells the encoder asks for, shifted into a code with `margin` modules of quiet zone. */
    const expectedCells = (level: 'M' | 'H', margin: number, skip: (x: number, y: number) => boolean = () => false) => {
      const m = encoderModules(TEXT, level);
      const cells: string[] = [];
      for (let y = 0; y < m.count; y++) for (let x = 0; x < m.count; x++) if (m.dark(x, y) && !skip(x, y)) cells.push(`${x + margin},${y + margin}`);
      return { count: m.count, cells: cells.sort() };
    };

    it.each([4, 2])('keeps a quiet zone of %i modules inside the viewBox, and scans', (margin) => {
      const svg = qrSvg(TEXT, { ...DEFAULT_DESIGN, margin });
      const drawing = readSvg(svg);
      const { count, cells } = expectedCells('M', margin);
      const total = count + 2 * margin;
      expect(svg).toMatch(/^<svg[^>]+ width="512" height="512"/);
      // The whole code and its margin are inside the viewBox, so nothing is clipped.
      expect(drawing.viewBox).toEqual({ x: 0, y: 0, width: total, height: total });
      expect([...drawing.dark].sort()).toEqual(cells);
      // The quiet zone itself: no dark cell within `margin` of any edge.
      const inZone = [...drawing.dark].filter((c) => {
        const [x, y] = c.split(',').map(Number) as [number, number];
        return x < margin || y < margin || x >= total - margin || y >= total - margin;
      });
      expect(inZone).toEqual([]);
      expect(decodeBitmap(rasterizeSvg(drawing))).toBe(TEXT);
    });

    it('leaves a centred blank box under the logo (no module drawn there) and still scans at level H', () => {
      const drawing = readSvg(qrSvg(TEXT, { ...DEFAULT_DESIGN, errorCorrection: 'H', logo }));
      const { count } = encoderModules(TEXT, 'H');
      const total = count + 8;
      const image = drawing.image;
      if (!image) throw new Error('the SVG has no logo image');
      // Square, centred, and big enough to matter (a fifth of the code or more).
      expect(image.width).toBe(image.height);
      expect(image.x).toBe((total - image.width) / 2);
      expect(image.y).toBe((total - image.height) / 2);
      expect(image.width).toBeGreaterThanOrEqual(count / 5);
      const underLogo = [...drawing.dark].filter((c) => {
        const [x, y] = c.split(',').map(Number) as [number, number];
        return x + 1 > image.x && x < image.x + image.width && y + 1 > image.y && y < image.y + image.height;
      });
      expect(underLogo).toEqual([]);
      // Everywhere else, exactly the encoder's modules.
      const inBox = (x: number, y: number) => x + 4 >= image.x && x + 4 < image.x + image.width && y + 4 >= image.y && y + 4 < image.y + image.height;
      expect([...drawing.dark].sort()).toEqual(expectedCells('H', 4, inBox).cells);
      expect(decodeBitmap(rasterizeSvg(drawing))).toBe(TEXT);
    });

    it('embeds the logo file as it was given', () => {
      const withLogo = qrSvg(TEXT, { ...DEFAULT_DESIGN, errorCorrection: 'H', logo });
      expect(withLogo).toContain('href="data:image/png;base64,iVBORwECAw=="');
    });
  });

  it('checks a design next to each field: contrast, inverted codes, a logo at a low correction level', () => {
    expect(checkDesign(DEFAULT_DESIGN)).toEqual({});
    expect(checkDesign({ ...DEFAULT_DESIGN, foreground: '#777777', background: '#888888' }).foreground).toMatch(/too close/);
    expect(checkDesign({ ...DEFAULT_DESIGN, foreground: '#ffffff', background: '#000000' }).foreground).toMatch(/inverted/);
    expect(checkDesign({ ...DEFAULT_DESIGN, size: 10, margin: -1 })).toMatchObject({ size: expect.any(String), margin: expect.any(String) });
    const logo = { bytes: new Uint8Array([0xff, 0xd8, 0xff, 0]), mime: 'image/jpeg' as const };
    expect(checkDesign({ ...DEFAULT_DESIGN, logo }).logo).toMatch(/error correction Q or H/);
    expect(checkDesign({ ...DEFAULT_DESIGN, errorCorrection: 'H', logo })).toEqual({});
    expect(checkDesign({ ...DEFAULT_DESIGN, errorCorrection: 'H', logo: { bytes: new Uint8Array([1, 2, 3]), mime: 'image/png' } }).logo).toMatch(/PNG or JPG/);
  });

  it('exports many codes as one ZIP (distinct names) and as one PDF of many pages', async () => {
    const items = [
      { text: 'https://example.com/1', name: 'Menu' },
      { text: 'https://example.com/2', name: 'menu' },
      { text: 'WIFI:S:Cafe;T:WPA;P:x;;', name: '../../etc/passwd' },
    ];
    const zip = await exportQrCodes(items, 'svg', DEFAULT_DESIGN);
    expect(zip).toMatchObject({ filename: 'qr-codes-svg.zip', mime: 'application/zip' });
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files)).toEqual(['Menu.svg', 'menu-2.svg', 'etc-passwd.svg']);
    expect(strFromU8(files['Menu.svg']!)).toMatch(/^<svg/);
    const pngZip = unzipSync((await exportQrCodes(items, 'png', DEFAULT_DESIGN)).bytes);
    expect(PNG.sync.read(Buffer.from(pngZip['menu-2.png']!)).width).toBe(512);
    const pdf = await exportQrCodes(items, 'pdf', { ...DEFAULT_DESIGN, size: 200 });
    expect(pdf.filename).toBe('qr-codes.pdf');
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPageCount()).toBe(3);
    expect(doc.getPage(0).getWidth()).toBe(272);
    const one = await exportQrCodes([items[0]!], 'png', DEFAULT_DESIGN);
    expect(one).toMatchObject({ filename: 'Menu.png', mime: 'image/png' });
    expect(safeFileName('', 'qr-1')).toBe('qr-1');
  });
});
