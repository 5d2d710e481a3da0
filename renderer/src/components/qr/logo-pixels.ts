import type { LogoPixels, QrLogo } from '../../../../electron/shared/qr-render.js';

/** The largest side a logo is decoded at: it fills at most a fifth of a 4096 px code. */
const MAX_SIDE = 1024;

/**
 * A logo file's pixels for PNG exports (SVG and PDF embed the file as it is): decoded by the
 * browser, which reads PNG and JPG alike, on a canvas of at most MAX_SIDE pixels a side.
 */
export async function decodeLogo(bytes: Uint8Array, mime: QrLogo['mime']): Promise<LogoPixels> {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }));
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas to read the logo with.');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const data = context.getImageData(0, 0, width, height).data;
  return { width, height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}
