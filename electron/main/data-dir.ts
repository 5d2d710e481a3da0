import { isAbsolute, resolve } from 'node:path';

/**
 * Where the Electron shell keeps its data when told to, decided before the app is ready (Electron
 * reads userData for its own files and the single-instance lock). LINKDECK_DATA_DIR is honoured
 * as the web shell honours it (web/user-data-dir.ts), so both shells share one set of profiles.
 */
export type DataDirOverride = { dir: string; from: 'LINKDECK_DATA_DIR' | 'LINKDECK_USER_DATA_DIR' } | null;

export function userDataOverride(
  env: Readonly<Record<string, string | undefined>>,
  options: { testHooks: boolean; cwd: string },
): DataDirOverride {
  // The smoke test runs each launch on its own data directory (from source, test hooks only).
  const testDir = env['LINKDECK_USER_DATA_DIR'];
  if (options.testHooks && testDir) return { dir: absolute(testDir, options.cwd), from: 'LINKDECK_USER_DATA_DIR' };
  const dir = env['LINKDECK_DATA_DIR']?.trim();
  if (dir) return { dir: absolute(dir, options.cwd), from: 'LINKDECK_DATA_DIR' };
  return null;
}

/** app.setPath needs an absolute path; a relative one means "from where Linkdeck was started". */
function absolute(dir: string, cwd: string): string {
  return isAbsolute(dir) ? dir : resolve(cwd, dir);
}

/** The one sentence shown when the chosen directory cannot be made (Linkdeck then stops). */
export function dataDirProblem(choice: NonNullable<DataDirOverride>, error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `${choice.from} asks Linkdeck to keep its data in ${choice.dir}, but that folder cannot be created (${why}). Choose a folder you can write to, or unset ${choice.from} to use the usual place.`;
}
