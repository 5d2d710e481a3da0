import type { ProfilesState } from '../../shared/contract.js';
import type { CommandContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n.js';

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
    out.note(t('cli.session.noProfileYet'));
    return EXIT.done;
  }
  out.table(
    state.profiles.map((p) => [
      p.id === state.currentId ? (out.human ? out.style('green', '*') : '*') : out.human ? ' ' : '',
      p.name,
      // Piped, the English word scripts read; on a terminal, the person's.
      out.human ? t('cli.profiles.kindWord', { kind: p.kind }) : p.kind,
      p.publicUrl ?? p.baseUrl,
      // Piped, the columns are for scripts: the English word, as before.
      p.needsKey ? (out.human ? t('cli.profiles.keyNeeded') : 'key needed') : '',
    ]),
    out.human
      ? ['', t('cli.profiles.headName'), t('cli.profiles.headKind'), t('cli.profiles.headAddress'), '']
      : undefined,
  );
  if (!state.keychain.persistent)
    out.warn(
      t('cli.profiles.noKeychain', { variable: 'LINKDECK_API_KEY' }),
    );
  return EXIT.done;
}
