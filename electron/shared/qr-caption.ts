/**
 * Words drawn into a QR code image under the code: a code of a local-workspace link that opens
 * only on this computer (or on an unverified address) is printed and shared without the app's
 * notices around it, so the file itself says it. Pure (no DOM): the link drawer's export and the
 * QR section's exports (electron/shared/qr-export.ts) draw the same caption. The PNG's drawing
 * needs a canvas and stays in renderer/src/components/link-detail/qr-caption.ts.
 */

/** The caption's geometry for a code of `size` pixels: font size and the lines it wraps into. */
export function captionLayout(caption: string, size: number): { fontSize: number; lineHeight: number; lines: string[]; height: number } {
  const fontSize = Math.max(10, Math.round(size / 20));
  const lineHeight = Math.round(fontSize * 1.3);
  // An average glyph of a sans-serif face is about 0.55 em wide; the margin keeps the text off the edges.
  const perLine = Math.max(12, Math.floor((size - 2 * fontSize) / (fontSize * 0.55)));
  const lines: string[] = [];
  let line = '';
  for (const word of caption.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > perLine) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return { fontSize, lineHeight, lines, height: lines.length * lineHeight + fontSize };
}

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The SVG with the caption under the code: the code's own document nested unchanged, the caption
 * as real text (searchable, read by screen readers) on the code's background, and a <title>.
 */
export function captionSvg(svg: string, caption: string, options: { size: number; foreground: string; background: string }): string {
  const { size, foreground, background } = options;
  const layout = captionLayout(caption, size);
  const height = size + layout.height;
  const inner = svg
    .replace(/^\s*<\?xml[^>]*>\s*/, '')
    .replace(/<svg\b([^>]*)>/, (_tag, attrs: string) => `<svg x="0" y="0" width="${size}" height="${size}"${attrs.replace(/\s(width|height)="[^"]*"/g, '')}>`);
  const text = layout.lines
    .map((line, i) => `<text x="${size / 2}" y="${size + (i + 1) * layout.lineHeight}" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 ${size} ${height}">` +
    `<title>${escapeXml(caption)}</title>` +
    `<rect width="${size}" height="${height}" fill="${escapeXml(background)}"/>` +
    inner.trim() +
    `<g fill="${escapeXml(foreground)}" font-family="sans-serif" font-size="${layout.fontSize}">${text}</g>` +
    `</svg>`
  );
}
