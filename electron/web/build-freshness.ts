import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { msg, type MessageRef } from '../shared/message-ref.js';

/** What `electron-vite build` writes; the launcher needs all three. */
export const BUILD_OUTPUTS = [
  'out/main/index.js',
  'out/preload/index.cjs',
  'out/renderer/index.html',
];
/** What the build reads. */
export const BUILD_INPUTS = ['electron', 'renderer', 'electron.vite.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/**
 * Why the app must be (re)built before it starts, as the whole "Building Linkdeck (…)…" line for
 * the terminal (a message key, said in its language by launch.ts), or null when out/ is up to date.
 */
export function staleBuildReason(root: string): MessageRef | null {
  const outputs = BUILD_OUTPUTS.map((file) => join(root, file));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return msg('desktop.launch.buildingMissing', { file: missing.slice(root.length + 1) });
  const oldestOutput = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const newestInput = Math.max(...BUILD_INPUTS.map((input) => newestMtime(join(root, input))));
  return newestInput > oldestOutput ? msg('desktop.launch.buildingChanged') : null;
}
