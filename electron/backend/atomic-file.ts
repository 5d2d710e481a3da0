import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces a file atomically: a temporary file in the same directory (mode 0600, the directory
 * 0700), synced, then renamed over the old one. A crash leaves the old content or the new, never
 * half a file; the directory is synced too, so the rename itself survives a power cut.
 * `beforeRename` lets tests stop at the worst moment.
 */
export async function writeFileAtomic(
  path: string,
  text: string,
  hooks: { beforeRename?: (tempPath: string) => Promise<void> | void } = {},
): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tempPath = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(tempPath, 'wx', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await hooks.beforeRename?.(tempPath);
    await rename(tempPath, path);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** Makes the rename durable where the platform allows it (not on Windows). */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on a directory; the rename has happened all the same.
  }
}
