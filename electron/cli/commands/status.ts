import type { ProfilesState } from '../../shared/contract.js';
import type { Account, OutboxItem, SyncProgress } from '../../shared/models.js';
import type { CommandContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { age } from '../output.js';
import { API_KEY_VARIABLE, NO_PROFILE_YET, type Session } from '../session.js';

/**
 * `linkdeck status`: which profile, which service, whether its key is found and the service
 * takes it (the account), how old the mirror is and what waits in the outbox. Exit 0 when the
 * profile can be used now; 1 when not (no profile, no key, the key refused), as `gh auth status`.
 */
export async function run(ctx: CommandContext): Promise<number> {
  const { out } = ctx;
  let session: Session;
  try {
    session = await ctx.session();
  } catch (error) {
    if (!(error instanceof CliError) || error.message !== NO_PROFILE_YET) throw error;
    if (out.json) out.data({ profile: null, error: { code: 'no-profile', message: NO_PROFILE_YET } });
    else out.note(NO_PROFILE_YET);
    return EXIT.refused;
  }
  // One session only: a second one would be served by this process's own door and wait on it.
  const state = await session.call<ProfilesState>('profiles:list');
  const profile = session.profile;
  const keySource = profile.needsKey
    ? null
    : profile.kind === 'remote' && process.env[API_KEY_VARIABLE]?.trim() && session.mode === 'self'
      ? API_KEY_VARIABLE
      : state.keychain.kind === 'keychain'
        ? 'keychain'
        : profile.kind === 'local'
          ? 'local workspace'
          : 'app (this session only)';
  const [account, sync, outbox] = await Promise.all([
    profile.needsKey ? null : session.attempt<Account>('account:get'),
    session.call<SyncProgress>('sync:status'),
    session.call<OutboxItem[]>('outbox:list'),
  ]);
  const failed = outbox.filter((i) => i.state === 'failed').length;
  const accountText = !account
    ? 'not checked (no key)'
    : account.ok
      ? `${account.value.email}`
      : `${account.error.code}: ${account.error.message}`;
  const usable = account?.ok === true || (account !== null && !account.ok && account.error.code === 'offline');
  if (out.json)
    out.data({
      profile: { id: profile.id, name: profile.name, kind: profile.kind },
      service: profile.baseUrl,
      key: { found: !profile.needsKey, source: keySource },
      keychain: { kind: state.keychain.kind, persistent: state.keychain.persistent },
      account: account?.ok ? { email: account.value.email, username: account.value.username } : null,
      accountError: account && !account.ok ? account.error : null,
      online: sync.online,
      syncedAt: sync.syncedAt,
      outbox: { waiting: outbox.length - failed, refused: failed },
      app: session.mode === 'app',
    });
  else
    out.table(
      [
        ['profile', `${profile.name} (${profile.kind})`],
        ['service', profile.baseUrl],
        ['key', keySource ? `found (${keySource})` : `not found: set ${API_KEY_VARIABLE} or run "linkdeck profiles add"`],
        ['account', accountText],
        ['mirror', sync.syncedAt === null ? 'not synced yet' : `synced ${age(sync.syncedAt)}`],
        ['outbox', `${outbox.length - failed} waiting, ${failed} refused`],
        ['app', session.mode === 'app' ? 'running (it does the work)' : 'not running'],
      ],
      undefined,
    );
  return usable ? EXIT.done : EXIT.refused;
}
