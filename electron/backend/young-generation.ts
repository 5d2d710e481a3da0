import { setFlagsFromString } from 'node:v8';

/*
 * Keeps V8's young generation at its starting size in the process the backend runs in
 * (issue 43). Under the mirror's queries V8 doubled it to its 32 MB maximum and never gave it
 * back: with 100,000 links, 32 MB committed for ~8-13 MB in use, a sixth of the backend's RSS.
 *
 * Why a run-time flag and not `--max-semi-space-size`: the maximum is read once, when the heap
 * is set up, so it works only on the command line of the process, and Electron's main process
 * reads `--js-flags` only from its own command line, before V8 starts
 * (electron/electron shell/browser/javascript_environment.cc; `app.commandLine.appendSwitch`
 * comes too late for it). The growth factor is read each time the young generation grows
 * (V8's SemiSpaceNewSpace::Grow: new capacity = min(maximum, factor × current)), so a factor of
 * 1 set from JavaScript holds it where it started. Electron passes
 * `--no-freeze-flags-after-init` to V8 in that same function, and Node does too, so the flag is
 * accepted at run time in both. Measured 2026-11-28 (plain Node 20, the backend bundled, the
 * mirror bench's queries over 100,000 links): young generation 32 → 2 MB, RSS 177-189 → 144 MB;
 * query times unchanged within the machine's noise (the scavenges are more frequent and small).
 * It holds on the process's main thread, where the backend runs in every shell; a worker
 * thread's heap is set up apart and grew to 32 MB with the flag set.
 */

const FLAG = '--semi-space-growth-factor=1';
let applied = false;

/** Idempotent; process-wide (every isolate of the process reads V8's flags). */
export function keepYoungGenerationSmall(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(FLAG);
}
