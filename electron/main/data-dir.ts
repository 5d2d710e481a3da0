import { isAbsolute, resolve } from 'node:path';
import { msg, type MessageRef } from '../shared/message-ref.js';
import { switchValue } from './linux-session.js';

/**
 * Where the Electron shell keeps its data when told to, decided before the app is ready (Electron
 * reads userData for its own files and the single-instance lock). LINKDECK_DATA_DIR is honoured
 * as the web shell honours it (web/user-data-dir.ts), so both shells share one set of profiles.
 *
 * `--linkdeck-data-dir=<dir>` says the same on the command line. It exists for the starts the OS
 * makes on Linkdeck's behalf, which carry arguments but no environment: the linkdeck:// handler
 * entries and the Windows protocol registration, the login items. A Linkdeck run on another data
 * folder writes it into them (dataDirArguments), so those starts open the same folder and meet
 * the running Linkdeck's single-instance lock instead of starting a second Linkdeck.
 */
export type DataDirSource = 'LINKDECK_DATA_DIR' | 'LINKDECK_USER_DATA_DIR' | '--linkdeck-data-dir';
export type DataDirOverride = { dir: string; from: DataDirSource } | null;

export const DATA_DIR_SWITCH = 'linkdeck-data-dir';

export function userDataOverride(
  env: Readonly<Record<string, string | undefined>>,
  options: { testHooks: boolean; cwd: string; argv?: readonly string[] },
): DataDirOverride {
  // The smoke test runs each launch on its own data directory (from source, test hooks only).
  const testDir = env['LINKDECK_USER_DATA_DIR'];
  if (options.testHooks && testDir) return { dir: absolute(testDir, options.cwd), from: 'LINKDECK_USER_DATA_DIR' };
  // The switch first: an entry written for one folder must open that one.
  const switched = switchValue(options.argv ?? [], DATA_DIR_SWITCH)?.trim();
  if (switched) return { dir: absolute(switched, options.cwd), from: '--linkdeck-data-dir' };
  const dir = env['LINKDECK_DATA_DIR']?.trim();
  if (dir) return { dir: absolute(dir, options.cwd), from: 'LINKDECK_DATA_DIR' };
  return null;
}

/**
 * The folder the OS's own starts of Linkdeck must carry, or undefined for the usual one. The smoke
 * test's folder is not carried: it is for one test run only.
 */
export function carriedDataDir(override: DataDirOverride): string | undefined {
  return override && override.from !== 'LINKDECK_USER_DATA_DIR' ? override.dir : undefined;
}

/** The arguments that make a start open `dataDir` (none for the usual folder). */
export function dataDirArguments(dataDir: string | undefined): string[] {
  return dataDir ? [`--${DATA_DIR_SWITCH}=${dataDir}`] : [];
}

/** app.setPath needs an absolute path; a relative one means "from where Linkdeck was started". */
function absolute(dir: string, cwd: string): string {
  return isAbsolute(dir) ? dir : resolve(cwd, dir);
}

/** The one sentence shown when the chosen directory cannot be made (Linkdeck then stops). */
export function dataDirProblem(choice: NonNullable<DataDirOverride>, error: unknown): MessageRef {
  const why = error instanceof Error ? error.message : String(error);
  return msg('desktop.problem.dataDirUnusable', {
    variable: choice.from,
    from: choice.from === '--linkdeck-data-dir' ? 'flag' : 'variable',
    dir: choice.dir,
    error: why,
  });
}
