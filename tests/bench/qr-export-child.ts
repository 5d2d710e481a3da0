/*
 * One side of the QR export benchmark, in a process of its own so that its peak memory (the
 * process's maxRSS) is its own: `tsx qr-export-child.ts <svg|png> <zip|bare> <count>`. Prints
 * one JSON line: the milliseconds the work took, the peak RSS and the bytes made.
 */
import { resourceUsage } from 'node:process';
import { strToU8 } from 'fflate';
import { exportQrCodes } from '../../electron/shared/qr-export.js';
import { DEFAULT_DESIGN, qrPng, qrSvg } from '../../electron/shared/qr-render.js';

const [format = 'svg', mode = 'zip', countText = '1000'] = process.argv.slice(2);
const count = Number(countText);
// Short links as a dynamic code encodes them, each different (no encoder cache can help).
const items = Array.from({ length: count }, (_, i) => ({ text: `https://lnk.example/q${(i * 7919).toString(36)}x${i}`, name: `Poster ${i}` }));
const design = { ...DEFAULT_DESIGN, size: 512 };

const started = performance.now();
let bytes: number;
if (mode === 'zip') {
  const file = await exportQrCodes(items, format === 'png' ? 'png' : 'svg', design);
  bytes = file.bytes.length;
} else {
  // The baseline: the same codes made and kept (a ZIP holds them all too), not zipped.
  const kept: Uint8Array[] = [];
  for (const item of items) kept.push(format === 'png' ? qrPng(item.text, design) : strToU8(qrSvg(item.text, design)));
  bytes = kept.reduce((n, b) => n + b.length, 0);
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, maxRssMb: resourceUsage().maxRSS / 1024, bytes }));
