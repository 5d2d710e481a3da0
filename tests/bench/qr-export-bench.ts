/*
 * Issue 31: exporting 1,000 QR codes as SVG and as PNG in one ZIP, made locally. Time and peak
 * memory of the export, as ratios against a baseline in the same run: the same 1,000 codes made
 * and kept without zipping. Each side runs in a fresh process (so its peak RSS is its own),
 * the sides alternate, and the median of the rounds is taken.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, ratioRow, type BenchRow } from './run.js';

const CHILD = fileURLToPath(new URL('./qr-export-child.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const COUNT = 1000;
const ROUNDS = 3;

interface Side {
  ms: number;
  maxRssMb: number;
  bytes: number;
}

function side(format: 'svg' | 'png', mode: 'zip' | 'bare'): Side {
  const out = execFileSync(process.execPath, [TSX, CHILD, format, mode, String(COUNT)], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop() as string) as Side;
}

export async function runQrExportBench(log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const format of ['svg', 'png'] as const) {
    const zip: Side[] = [];
    const bare: Side[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(side(format, 'bare'));
      zip.push(side(format, 'zip'));
    }
    const z = { ms: median(zip.map((s) => s.ms)), rss: median(zip.map((s) => s.maxRssMb)), bytes: zip[0]!.bytes };
    const b = { ms: median(bare.map((s) => s.ms)), rss: median(bare.map((s) => s.maxRssMb)) };
    log(`${format}: zip ${z.ms.toFixed(0)} ms, peak ${z.rss.toFixed(0)} MB, ${(z.bytes / 1e6).toFixed(1)} MB file; bare ${b.ms.toFixed(0)} ms, peak ${b.rss.toFixed(0)} MB`);
    const bench = 'qr-export';
    rows.push(
      { bench, metric: `${COUNT} codes as ${format.toUpperCase()} in a ZIP: time`, value: Math.round(z.ms), unit: 'ms', goal: '', pass: null },
      { bench, metric: `${COUNT} codes as ${format.toUpperCase()} in a ZIP: peak RSS`, value: Math.round(z.rss), unit: 'MB', goal: '', pass: null },
      { bench, metric: `${COUNT} codes as ${format.toUpperCase()}, made without a ZIP (baseline): time`, value: Math.round(b.ms), unit: 'ms', goal: '', pass: null },
      { bench, metric: `${COUNT} codes as ${format.toUpperCase()}, made without a ZIP (baseline): peak RSS`, value: Math.round(b.rss), unit: 'MB', goal: '', pass: null },
      ratioRow(bench, `qr-zip-${format}/bare time`, z.ms / b.ms, '<=', 1.5),
      ratioRow(bench, `qr-zip-${format}/bare peak-rss`, z.rss / b.rss, '<=', 1.5),
    );
  }
  return rows;
}
