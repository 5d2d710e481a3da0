import type { ProfilesState, ProfileSummary } from '../../shared/contract.js';
import type { CommandContext } from '../context.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
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
  if (local && (url || opts['keyStdin'])) throw usageError('--local takes no --url and no key.');
  if (!local && !url)
    throw usageError(
      'Say which: "linkdeck profiles add --local" (the local workspace) or "linkdeck profiles add NAME --url BASE_URL".',
    );
  if (!local && !name) throw usageError('A remote profile needs a NAME: linkdeck profiles add NAME --url BASE_URL.');
  // The key is read before anything opens: a wrong command line costs nothing.
  const apiKey = local ? '' : await readKey(opts['keyStdin'] === true, `API key for ${url}: `);

  const session = await ctx.bareSession();
  const before = await session.call<ProfilesState>('profiles:list');
  if (!local && before.profiles.some((p) => p.name.toLowerCase() === name.toLowerCase()))
    throw usageError(`There is already a profile "${name}": choose another name, or remove it first.`);

  const made = local
    ? await session.attempt<ProfileSummary>('profiles:use-local')
    : await session.attempt<ProfileSummary>('profiles:connect', { name, baseUrl: url, apiKey });
  if (!made.ok) {
    const what = local ? 'The local workspace could not be made' : `The key was not accepted at ${url}`;
    throw new CliError(EXIT.refused, `${what}: ${made.error.message} Nothing was saved.`);
  }
  const profile = made.value;
  await keepCurrent(session, before, profile, opts['use'] === true);

  const after = await session.call<ProfilesState>('profiles:list');
  const current = after.currentId === profile.id;
  if (ctx.out.json) ctx.out.data({ profile, current });
  else {
    ctx.out.line(profile.name);
    ctx.out.note(
      `Added "${profile.name}" (${profile.baseUrl})${current ? ', now the current profile' : `; use it with --profile "${profile.name}" or "linkdeck profiles use ${profile.name}"`}.`,
    );
  }
  if (!local && !after.keychain.persistent)
    ctx.out.warn(
      `No OS keychain answers here, so the key was checked but not kept. Give it to each command in LINKDECK_API_KEY (e.g. LINKDECK_API_KEY=… linkdeck --profile "${profile.name}" sync --wait).`,
    );
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
