/**
 * Words drawn into a QR code image under the code: a code of a local-workspace link that opens
 * only on this computer (or on an unverified address) is printed and shared without the app's
 * notices around it, so the file itself says it. Kept apart from qr-code.ts, which makes the
 * plain code for any text. The layout and the SVG are shared with the QR section's exports.
 */

import { captionLayout } from '../../../../electron/shared/qr-caption.js';

export { captionLayout, captionSvg } from '../../../../electron/shared/qr-caption.js';

/** The PNG with the caption under the code, drawn on a canvas (browser only). */
export async function captionPng(pngDataUrl: string, caption: string, options: { size: number; foreground: string; background: string }): Promise<string> {
  const { size, foreground, background } = options;
  const layout = captionLayout(caption, size);
  const image = new Image();
  image.src = pngDataUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size + layout.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this window cannot draw on a canvas');
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, size, size);
  context.fillStyle = foreground;
  context.font = `${layout.fontSize}px sans-serif`;
  context.textAlign = 'center';
  layout.lines.forEach((line, i) => context.fillText(line, size / 2, size + (i + 1) * layout.lineHeight));
  return canvas.toDataURL('image/png');
}
