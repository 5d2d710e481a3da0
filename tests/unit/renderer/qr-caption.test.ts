// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { captionLayout, captionSvg } from '../../../renderer/src/components/link-detail/qr-caption.js';
import { qrSvg, QR_DEFAULTS } from '../../../renderer/src/components/link-detail/qr-code.js';
import workspaceEn from '../../../renderer/src/i18n/locales/en/workspace.json' with { type: 'json' };

/** The QR code of a local-only link carries its notice in the file (issue 32); the PNG is drawn the same way in Chromium (e2e). */
describe('the caption under a QR code', () => {
  const caption = workspaceEn.caption.thisComputer;

  it('wraps the words to the code\'s width, every word kept', () => {
    const layout = captionLayout(caption, 256);
    expect(layout.lines.length).toBeGreaterThan(1);
    expect(layout.lines.join(' ')).toBe(caption);
    for (const line of layout.lines) expect(line.length * layout.fontSize * 0.55).toBeLessThanOrEqual(256);
  });

  it('puts the code unchanged above the words in one SVG, with the words as text and title', async () => {
    const plain = await qrSvg('http://127.0.0.1:4100/spring', QR_DEFAULTS);
    const svg = captionSvg(plain, caption, QR_DEFAULTS);
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const root = doc.documentElement;
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(Number(root.getAttribute('height'))).toBeGreaterThan(256);
    expect(root.querySelector('title')?.textContent).toBe(caption);
    expect([...root.querySelectorAll('text')].map((t) => t.textContent).join(' ')).toBe(caption);
    const code = root.querySelector('svg');
    expect(code?.getAttribute('width')).toBe('256');
    expect(code?.getAttribute('viewBox')).toBe(plain.match(/viewBox="([^"]+)"/)?.[1]);
    // The modules are the plain code's, untouched.
    expect(svg).toContain(plain.match(/<path stroke[^>]+>/)?.[0]);
  });

  it('escapes what it writes into the SVG', async () => {
    const svg = captionSvg(await qrSvg('x', QR_DEFAULTS), 'a <b> & "c"', QR_DEFAULTS);
    expect(svg).toContain('a &lt;b&gt; &amp; &quot;c&quot;');
  });
});
