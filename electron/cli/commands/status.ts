import type { ProfilesState } from '../../shared/contract.js';
import type { Account, OutboxItem, SyncProgress } from '../../shared/models.js';
import type { CommandContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { age, errorText, t as tLocal, tEnglish } from '../i18n.js';
import { API_KEY_VARIABLE, NO_PROFILE_YET, type Session } from '../session.js';

const JSON_KEY_SOURCE = {
  [API_KEY_VARIABLE]: API_KEY_VARIABLE,
  keychain: 'keychain',
  local: 'local workspace',
  session: 'app (this session only)',
} as Record<string, string>;

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
    if (!(error instanceof CliError) || error.english !== NO_PROFILE_YET) throw error;
    if (out.json) out.data({ profile: null, error: { code: 'no-profile', message: NO_PROFILE_YET } });
    else out.note(error.message);
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
          ? 'local'
          : 'session';
  const [account, sync, outbox] = await Promise.all([
    profile.needsKey ? null : session.attempt<Account>('account:get'),
    session.call<SyncProgress>('sync:status'),
    session.call<OutboxItem[]>('outbox:list'),
  ]);
  const failed = outbox.filter((i) => i.state === 'failed').length;
  // Piped, the key/value lines are for scripts (`linkdeck status | grep ^mirror`): English, as before.
  const t = out.human ? tLocal : tEnglish;
  const when = (at: number) => (out.human ? age(at) : age(at, Date.now(), 'en'));
  const accountText = !account
    ? t('cli.status.accountNotChecked')
    : account.ok
      ? `${account.value.email}`
      : `${account.error.code}: ${out.human ? errorText(account.error) : account.error.message}`;
  const usable = account?.ok === true || (account !== null && !account.ok && account.error.code === 'offline');
  if (out.json)
    out.data({
      profile: { id: profile.id, name: profile.name, kind: profile.kind },
      service: profile.baseUrl,
      // The same words as before the key names were shortened: --json is a contract.
      key: { found: !profile.needsKey, source: keySource && JSON_KEY_SOURCE[keySource] },
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
        [t('cli.status.profile'), t('cli.status.profileValue', { name: profile.name, kind: profile.kind })],
        [t('cli.status.service'), profile.baseUrl],
        [
          t('cli.status.key'),
          keySource
            ? t('cli.status.keyFound', { source: keySource })
            : t('cli.status.keyMissing', { variable: API_KEY_VARIABLE }),
        ],
        [t('cli.status.account'), accountText],
        [
          t('cli.status.mirror'),
          sync.syncedAt === null ? t('cli.status.notSynced') : t('cli.status.synced', { ago: when(sync.syncedAt) }),
        ],
        [t('cli.status.outbox'), t('cli.status.outboxValue', { waiting: outbox.length - failed, refused: failed })],
        [t('cli.status.app'), session.mode === 'app' ? t('cli.status.appRunning') : t('cli.status.appNotRunning')],
      ],
      undefined,
    );
  return usable ? EXIT.done : EXIT.refused;
}
