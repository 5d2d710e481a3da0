import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { z } from 'zod';
import type { Profile } from '../../shared/profile-validation.js';
import { describeError, type Logger } from '../secrets/secret-store.js';

export const PROFILES_FILE = 'profiles.json';

/** Profile ids: lowercase hex, so they are safe as directory names on every file system. */
export const PROFILE_ID_PATTERN = /^[a-f0-9]{8,64}$/;

export interface ProfilesData {
  currentProfileId: string | null;
  profiles: Profile[];
}

const profileSchema = z.object({
  id: z.string().regex(PROFILE_ID_PATTERN),
  name: z.string().min(1).max(200),
  baseUrl: z.string().regex(/^https?:\/\//),
  kind: z.enum(['local', 'remote']),
  authScheme: z.enum(['Bearer', 'Token']).optional(),
  createdAt: z.string(),
  publicUrl: z.string().regex(/^https?:\/\//).optional(),
  publicUrlVerified: z.boolean().optional(),
  trustLocalProxy: z.boolean().optional(),
});

const fileSchema = z.object({
  version: z.literal(1),
  currentProfileId: z.string().nullable(),
  profiles: z.array(profileSchema),
});

export const profilesFilePath = (dataDir: string) => join(dataDir, PROFILES_FILE);

/**
 * Reads profiles.json. A missing file is a first run. An unreadable one is moved aside (so
 * nothing is lost for good) and the app starts without profiles rather than not at all.
 */
export async function readProfilesFile(dataDir: string, log: Logger): Promise<ProfilesData> {
  const path = profilesFilePath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { currentProfileId: null, profiles: [] };
    throw error;
  }
  let parsed: z.infer<typeof fileSchema>;
  try {
    parsed = fileSchema.parse(JSON.parse(text));
  } catch (error) {
    const aside = `${path}.unreadable-${Date.now()}`;
    await rename(path, aside);
    log.warn(
      `profiles.json could not be read (${describeError(error).slice(0, 120)}); it was moved to ${aside}.`,
    );
    return { currentProfileId: null, profiles: [] };
  }
  const seen = new Set<string>();
  const profiles = parsed.profiles
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .map(pickProfile);
  const currentProfileId = profiles.some((p) => p.id === parsed.currentProfileId)
    ? parsed.currentProfileId
    : null;
  return { currentProfileId, profiles };
}

export interface WriteHooks {
  /** Called with the temporary file written and synced, just before it replaces profiles.json. */
  beforeRename?(tempPath: string): void | Promise<void>;
}

/**
 * Replaces profiles.json atomically: the new content goes to a temporary file in the same
 * directory (mode 0600, synced), which is then renamed over the old one. A crash at any moment
 * leaves either the old file or the new one, never half of one.
 */
export async function writeProfilesFile(
  dataDir: string,
  data: ProfilesData,
  hooks: WriteHooks = {},
): Promise<void> {
  // Fields are picked one by one so that nothing but these (never a key) reaches the disk.
  const content = {
    version: 1,
    currentProfileId: data.currentProfileId,
    profiles: data.profiles.map(pickProfile),
  };
  await writeFileAtomic(profilesFilePath(dataDir), `${JSON.stringify(content, null, 2)}\n`, hooks);
}

function pickProfile(p: Profile): Profile {
  return {
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    kind: p.kind,
    ...(p.authScheme ? { authScheme: p.authScheme } : {}),
    createdAt: p.createdAt,
    ...(p.publicUrl ? { publicUrl: p.publicUrl, publicUrlVerified: p.publicUrlVerified === true } : {}),
    ...(p.publicUrl && p.trustLocalProxy ? { trustLocalProxy: true } : {}),
  };
}
