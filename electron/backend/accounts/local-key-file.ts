import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';

/**
 * The local workspace's own key, kept beside its database (local-workspace/owner.key, 0600 in
 * a 0700 folder), so that a run with no keychain (cron, SSH, a server) uses the same key as the
 * app instead of replacing it: a key changes only when a person asks.
 *
 * Why a file is safe here, when remote keys never go to one: the workspace's database sits in
 * the same folder, and whoever can read this file can also write that database (same user, same
 * 0700 folder) and so mint a key of their own (`linkdeck-service user reset-key --data …`). The
 * file therefore gives nobody a power they did not have; it is the service's own credential,
 * kept where the service keeps its data, like PostgreSQL's data folder or Jupyter's runtime
 * tokens. It is not a settings file (profiles.json never holds it), backups of the database
 * (`linkdeck-service backup`) do not carry it, and it goes when the workspace is removed. A
 * remote key is different: it opens an account on someone else's server, which this computer's
 * files must not be enough to reach, so it stays in the keychain (or the environment) only.
 */
export const LOCAL_KEY_FILE = 'owner.key';

export const localKeyPath = (localDir: string) => join(localDir, LOCAL_KEY_FILE);

export async function readLocalKey(localDir: string): Promise<string | null> {
  try {
    const text = (await readFile(localKeyPath(localDir), 'utf8')).trim();
    return text || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function writeLocalKey(localDir: string, key: string): Promise<void> {
  await writeFileAtomic(localKeyPath(localDir), `${key}\n`);
}
