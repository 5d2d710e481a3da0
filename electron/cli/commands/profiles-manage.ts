import type { ProfilesState, ProfileSummary } from '../../shared/contract.js';
import { confirm } from '../confirm.js';
import type { CommandContext } from '../context.js';
import { EXIT, usageErrorT } from '../exit-codes.js';
import { t } from '../i18n.js';
import { pickProfile } from '../session.js';

type Verb = 'use' | 'rename' | 'remove';

/** `linkdeck profiles use|rename|remove`: the profile menu's actions. */
export const runVerb =
  (verb: Verb) =>
  async (ctx: CommandContext, args: unknown[], opts: Record<string, unknown>): Promise<number> => {
    const [wanted, newName] = args as [string, string | undefined];
    const session = await ctx.bareSession();
    const state = await session.call<ProfilesState>('profiles:list');
    const profile = pickProfile(state, wanted);
    let changed: ProfileSummary | null = null;
    if (verb === 'use') changed = await session.call<ProfileSummary>('profiles:switch', { id: profile.id });
    else if (verb === 'rename') {
      const name = (newName ?? '').trim();
      if (!name) throw usageErrorT('cli.profiles.newNameNeeded');
      changed = await session.call<ProfileSummary>('profiles:rename', { id: profile.id, name });
    } else {
      const what =
        profile.kind === 'local'
          ? t('cli.profiles.confirmRemoveLocal', { name: profile.name })
          : t('cli.profiles.confirmRemoveRemote', { name: profile.name, url: profile.baseUrl });
      if (opts['yes'] !== true && !(await confirm(what))) {
        ctx.out.note(t('cli.profiles.nothingRemoved'));
        return EXIT.done;
      }
      await session.call<ProfilesState>('profiles:remove', { id: profile.id });
    }
    if (ctx.out.json) ctx.out.data({ [verb === 'remove' ? 'removed' : 'profile']: changed ?? profile });
    else
      ctx.out.note(
        verb === 'use'
          ? t('cli.profiles.nowCurrent', { name: profile.name })
          : verb === 'rename'
            ? t('cli.profiles.renamed', { name: profile.name, newName: changed?.name ?? '' })
            : t('cli.profiles.removed', { name: profile.name }),
      );
    return EXIT.done;
  };

export const use = { run: runVerb('use') };
export const rename = { run: runVerb('rename') };
export const remove = { run: runVerb('remove') };
