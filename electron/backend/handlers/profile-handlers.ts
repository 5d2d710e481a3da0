import type { ProfileSummary, ProfilesState } from '../../shared/contract.js';
import type { Profile } from '../../shared/profile-validation.js';
import type { Accounts } from '../accounts/index.js';
import type { ProfileSessions } from '../profile-sessions.js';
import type { Handlers } from '../router.js';

type ProfileHandlers = Pick<
  Handlers,
  'profiles:list' | 'profiles:use-local' | 'profiles:connect' | 'profiles:set-key' | 'profiles:switch' | 'profiles:rename' | 'profiles:remove'
>;

/** What the renderer may know of a profile: never its key, nor where the key is kept. */
export async function profileSummary(accounts: Accounts, p: Profile): Promise<ProfileSummary> {
  return {
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    kind: p.kind,
    ...(p.publicUrl ? { publicUrl: p.publicUrl, publicUrlVerified: p.publicUrlVerified === true } : {}),
    ...(p.publicUrl && p.trustLocalProxy ? { trustLocalProxy: true } : {}),
    needsKey: !(await accounts.hasKey(p.id)),
  };
}

export async function profilesState(accounts: Accounts): Promise<ProfilesState> {
  const snapshot = accounts.snapshot();
  return {
    profiles: await Promise.all(snapshot.profiles.map((p) => profileSummary(accounts, p))),
    currentId: snapshot.currentProfileId,
    keychain: accounts.keychainStatus(),
    ...(accounts.localPortTaken() ? { localPortTaken: accounts.localPortTaken() as number } : {}),
  };
}

export function profileHandlers(accounts: Accounts, sessions: ProfileSessions): ProfileHandlers {
  const summary = (p: Profile) => profileSummary(accounts, p);
  return {
    'profiles:list': () => profilesState(accounts),
    'profiles:use-local': async () => summary(await accounts.useLocalWorkspace()),
    'profiles:connect': async ({ name, baseUrl, apiKey }) =>
      summary(await accounts.connect({ baseUrl, apiKey, ...(name?.trim() ? { name } : {}) })),
    'profiles:set-key': async ({ id, apiKey }) => summary(await accounts.replaceKey(id, apiKey)),
    'profiles:switch': async ({ id }) => summary(await accounts.switchTo(id)),
    'profiles:rename': async ({ id, name }) => summary(await accounts.rename(id, name)),
    'profiles:remove': async ({ id }) => {
      // Close its mirror first: its file is in the data that removal deletes.
      await sessions.close(id);
      await accounts.remove(id);
      return profilesState(accounts);
    },
  };
}
