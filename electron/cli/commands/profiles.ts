import type { ProfilesState } from '../../shared/contract.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';

/** `linkdeck profiles`: every profile, the current one marked; never a key. */
export async function run(ctx: CommandContext): Promise<number> {
  const session = await ctx.session();
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
      'Keys are kept for this session only (no OS keychain): remote profiles need their key again in the app.',
    );
  return EXIT.done;
}
