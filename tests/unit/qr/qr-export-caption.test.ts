import { strFromU8, unzipSync, unzlibSync } from 'fflate';
import { PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import workspaceEn from '../../../renderer/src/i18n/locales/en/workspace.json' with { type: 'json' };
import { exportQrCodes } from '../../../electron/shared/qr-export.js';
import { DEFAULT_DESIGN, qrSvg } from '../../../electron/shared/qr-render.js';

/*
 * Issue 37, item 4: the QR section's exports print, under a dynamic code whose hidden short link
 * opens only on this computer, the words the link drawer's export prints (workspace.caption.*), and
 * print nothing under a code whose link opens anywhere. The files are read back as files: the
 * SVG's text, the PDF page's drawn text (its content stream inflated, Helvetica's hex strings read).
 */

// The caption the renderer passes for a local workspace's code (stores/profiles.ts reachCaption); none for a hosted one.
const LOCAL = workspaceEn.caption.thisComputer;
const HOSTED = null;
const item = (caption: string | null) => ({ text: 'http://127.0.0.1:45123/q/abc', name: 'Menu', caption });

/** The text a PDF page draws: its content streams inflated, each `<hex> Tj` read as WinAnsi bytes. */
function pdfPageText(page: PDFPage): string {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents && 'asArray' in contents ? (contents as unknown as { asArray(): unknown[] }).asArray() : [contents];
  let text = '';
  for (const ref of refs) {
    const stream = page.doc.context.lookup(ref as never);
    if (!(stream instanceof PDFRawStream)) continue;
    const filter = stream.dict.get(PDFName.of('Filter'));
    const raw = filter ? unzlibSync(stream.contents) : stream.contents;
    for (const m of strFromU8(raw).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      text += `${(m[1]!.match(/../g) ?? []).map((h) => String.fromCharCode(parseInt(h, 16))).join('')}\n`;
    }
  }
  return text;
}

describe('the QR section’s exports say where a local code’s link opens (issue 37, item 4)', () => {
  it('has a caption for a local workspace', () => {
    expect(LOCAL).toMatch(/only on the computer that made it/);
  });

  it('prints the caption as text in the SVG of a local code, and no caption for a reachable one; the reachable one is the plain code', async () => {
    const local = strFromU8((await exportQrCodes([item(LOCAL)], 'svg', DEFAULT_DESIGN)).bytes);
    const hosted = strFromU8((await exportQrCodes([item(HOSTED)], 'svg', DEFAULT_DESIGN)).bytes);
    const words = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ');
    expect(words(local)).toBe(LOCAL);
    expect(local).toContain(`<title>${LOCAL}</title>`);
    expect(local).toMatch(new RegExp(`height="${DEFAULT_DESIGN.size}"`));
    expect(local).not.toMatch(new RegExp(`^<svg[^>]*height="${DEFAULT_DESIGN.size}"`));
    expect(words(hosted)).toBe('');
    expect(hosted).toBe(qrSvg('http://127.0.0.1:45123/q/abc', DEFAULT_DESIGN));
  });

  it('prints it in every SVG of a ZIP of local codes', async () => {
    const zip = unzipSync((await exportQrCodes([item(LOCAL), { ...item(LOCAL), name: 'Poster' }], 'svg', DEFAULT_DESIGN)).bytes);
    expect(Object.keys(zip)).toEqual(['Menu.svg', 'Poster.svg']);
    for (const file of Object.values(zip)) expect(strFromU8(file)).toContain(`<title>${LOCAL}</title>`);
  });

  it('prints it on the PDF page under a local code, and not under a reachable one', async () => {
    const design = { ...DEFAULT_DESIGN, size: 200 };
    const local = await PDFDocument.load((await exportQrCodes([item(LOCAL)], 'pdf', design)).bytes);
    const hosted = await PDFDocument.load((await exportQrCodes([item(HOSTED)], 'pdf', design)).bytes);
    const localText = pdfPageText(local.getPage(0));
    expect(localText.replace(/\s+/g, ' ').trim()).toBe(`${LOCAL} Menu`);
    expect(pdfPageText(hosted.getPage(0)).trim()).toBe('Menu');
    expect(local.getPage(0).getHeight()).toBeGreaterThan(hosted.getPage(0).getHeight());
  });

  it('asks for a canvas to caption a PNG of a local code instead of leaving the caption out', async () => {
    await expect(exportQrCodes([item(LOCAL)], 'png', DEFAULT_DESIGN)).rejects.toThrow(/caption/);
    const captioned = await exportQrCodes([item(LOCAL)], 'png', DEFAULT_DESIGN, null, undefined, async (png, caption) => {
      expect(caption).toBe(LOCAL);
      return new Uint8Array([...png, 0]);
    });
    const plain = await exportQrCodes([item(HOSTED)], 'png', DEFAULT_DESIGN, null, undefined, async () => {
      throw new Error('a reachable code has no caption');
    });
    expect(captioned.bytes.length).toBe(plain.bytes.length + 1);
  });
});
