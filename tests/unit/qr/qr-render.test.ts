import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { exportQrCodes, safeFileName } from '../../../electron/shared/qr-export.js';
import { checkDesign, DEFAULT_DESIGN, logoBox, qrMatrix, qrPng, qrSvg } from '../../../electron/shared/qr-render.js';

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
    // The quiet zone is background.
    expect(at(-2, -2)).toEqual([250, 250, 250]);
  });

  it('draws a logo into a PNG (RGB then) in the middle, over a blank box', () => {
    const logo = { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), mime: 'image/png' as const };
    const red = { width: 2, height: 2, rgba: new Uint8Array([255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255]) };
    const png = PNG.sync.read(Buffer.from(qrPng(TEXT, { ...DEFAULT_DESIGN, errorCorrection: 'H', logo }, red)));
    const o = (256 * 512 + 256) * 4;
    expect([png.data[o], png.data[o + 1], png.data[o + 2]]).toEqual([255, 0, 0]);
  });

  it('writes an SVG with the quiet zone in its viewBox and a blank box under the logo', () => {
    const plain = qrSvg(TEXT, DEFAULT_DESIGN);
    const m = qrMatrix(TEXT, 'H');
    expect(plain).toMatch(/^<svg[^>]+viewBox="0 0 \d+ \d+" width="512" height="512"/);
    const logo = { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), mime: 'image/png' as const };
    const withLogo = qrSvg(TEXT, { ...DEFAULT_DESIGN, errorCorrection: 'H', logo });
    expect(withLogo).toContain('<image x=');
    expect(withLogo).toContain('href="data:image/png;base64,iVBORwECAw=="');
    const box = logoBox(m.count);
    expect((m.count - box.side) % 2).toBe(0);
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
