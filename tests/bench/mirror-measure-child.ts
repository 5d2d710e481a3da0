/*
 * The entry of the mirror bench's measuring process (mirror-bench.ts bundles it with esbuild and
 * runs it with plain Node): `node mirror-measure.mjs <dir> [<second dir>]` prints the figures
 * as one JSON line.
 *
 * The backend's whole code is loaded, as in the app's process, though only the mirror is used:
 * its memory figure is then the backend's, not the mirror module's alone.
 */
// First, as Electron's main process and the web shell import it (process-memory-setup.ts).
import '../../electron/backend/process-memory-setup.js';
import '../../electron/backend/create-backend.js';
import { measure } from './mirror-measure.js';

const [dir, secondDir] = process.argv.slice(2);
if (!dir) throw new Error('usage: mirror-measure <mirror dir> [<second mirror dir>]');
void measure(dir, secondDir).then((m) => console.log(JSON.stringify(m)));
