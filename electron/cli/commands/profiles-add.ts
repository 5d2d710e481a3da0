import type { ProfilesState, ProfileSummary } from '../../shared/contract.js';
import type { CommandContext } from '../context.js';
import { CliError, EXIT, usageErrorT } from '../exit-codes.js';
import { errorText, t, tEnglish } from '../i18n.js';
import { readKey } from '../read-secret.js';
import type { BareSession } from '../session.js';

/**
 * `linkdeck profiles add --local` and `linkdeck profiles add NAME --url BASE_URL`: the app's
 * welcome screen from a terminal. The key is checked against the service's account endpoint
 * before anything is saved (profiles:connect does both), and kept only in the keychain. The new
 * profile becomes the current one when it is the first (or with --use).
 */
export async function run(
  ctx: CommandContext,
  args: unknown[],
  opts: Record<string, unknown>,
): Promise<number> {
  const name = typeof args[0] === 'string' ? args[0].trim() : '';
  const url = typeof opts['url'] === 'string' ? opts['url'].trim() : '';
  const local = opts['local'] === true;
  if (local && (url || opts['keyStdin'])) throw usageErrorT('cli.profilesAdd.localTakesNoKey');
  if (!local && !url)
    throw usageErrorT('cli.profilesAdd.sayWhich');
  if (!local && !name) throw usageErrorT('cli.profilesAdd.nameNeeded');
  // The key is read before anything opens: a wrong command line costs nothing.
  const apiKey = local ? '' : await readKey(opts['keyStdin'] === true, t('cli.profilesAdd.keyPrompt', { url }));

  const session = await ctx.bareSession();
  const before = await session.call<ProfilesState>('profiles:list');
  if (!local && before.profiles.some((p) => p.name.toLowerCase() === name.toLowerCase()))
    throw usageErrorT('cli.profilesAdd.nameTaken', { name });

  const made = local
    ? await session.attempt<ProfileSummary>('profiles:use-local')
    : await session.attempt<ProfileSummary>('profiles:connect', { name, baseUrl: url, apiKey });
  if (!made.ok) {
    // The backend's reason in the person's language when it has a key; --json keeps English.
    const said = { url, reason: errorText(made.error) };
    const english = { url, reason: made.error.message };
    throw local
      ? new CliError(EXIT.refused, t('cli.profilesAdd.localFailed', said), tEnglish('cli.profilesAdd.localFailed', english))
      : new CliError(EXIT.refused, t('cli.profilesAdd.keyRefused', said), tEnglish('cli.profilesAdd.keyRefused', english));
  }
  const profile = made.value;
  await keepCurrent(session, before, profile, opts['use'] === true);

  const after = await session.call<ProfilesState>('profiles:list');
  const current = after.currentId === profile.id;
  if (ctx.out.json) ctx.out.data({ profile, current });
  else {
    ctx.out.line(profile.name);
    const added = { name: profile.name, url: profile.baseUrl };
    ctx.out.note(current ? t('cli.profilesAdd.addedCurrent', added) : t('cli.profilesAdd.added', added));
  }
  if (!local && !after.keychain.persistent)
    ctx.out.warn(t('cli.profilesAdd.keyNotKept', { name: profile.name }));
  return EXIT.done;
}

/** The app's channels make a new profile current; the CLI keeps the one there was, unless asked. */
async function keepCurrent(
  session: BareSession,
  before: ProfilesState,
  made: ProfileSummary,
  use: boolean,
): Promise<void> {
  const previous = before.currentId;
  if (use || !previous || previous === made.id) return;
  if (!before.profiles.some((p) => p.id === previous)) return;
  await session.call('profiles:switch', { id: previous });
}
