import type { ProfilesState } from '../../shared/contract.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { NO_PROFILE_YET } from '../session.js';

/** `linkdeck profiles`: every profile, the current one marked; never a key. */
export async function run(ctx: CommandContext): Promise<number> {
  const session = await ctx.bareSession();
  const state = await session.call<ProfilesState>('profiles:list');
  const { out } = ctx;
  if (out.json) {
    out.data({
      currentId: state.currentId,
      profiles: state.profiles,
      keychain: { kind: state.keychain.kind, persistent: state.keychain.persistent },
    });
    return EXIT.done;
  }
  if (!state.profiles.length) {
    out.note(NO_PROFILE_YET);
    return EXIT.done;
  }
  out.table(
    state.profiles.map((p) => [
      p.id === state.currentId ? (out.human ? out.style('green', '*') : '*') : out.human ? ' ' : '',
      p.name,
      p.kind,
      p.publicUrl ?? p.baseUrl,
      p.needsKey ? 'key needed' : '',
    ]),
    out.human ? ['', 'NAME', 'KIND', 'ADDRESS', ''] : undefined,
  );
  if (!state.keychain.persistent)
    out.warn(
      'No OS keychain answers here: keys last for one run only. Give a remote profile its key with LINKDECK_API_KEY (see "linkdeck status").',
    );
  return EXIT.done;
}
