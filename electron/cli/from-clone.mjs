// `npm run linkdeck -- …`: the command line from a clone. Builds the bundle (bundle.ts) when it is
// missing or older than the sources it is made of, then runs it in this process. Messages go to
// stderr so a script's pipe gets only the command's results.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '../..');
const bundle = join(root, 'out/cli/linkdeck.js');

/** The newest modification time under the folders the bundle is built from. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = Math.max(
  ...[
    'electron/cli',
    'electron/backend',
    'electron/shared',
    'electron/web',
    'electron/service',
  ].map((d) => newest(join(root, d))),
  statSync(join(root, 'package.json')).mtimeMs,
);
if (sources > built) {
  process.stderr.write('Building the linkdeck command…\n');
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'electron/cli/bundle.ts')],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
await import(pathToFileURL(bundle).href);
