import type { ProfilesState, ProfileSummary } from '../../shared/contract.js';
import { confirm } from '../confirm.js';
import type { CommandContext } from '../context.js';
import { EXIT, usageError } from '../exit-codes.js';
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
      if (!name) throw usageError('A new name is needed: linkdeck profiles rename OLD NEW.');
      changed = await session.call<ProfileSummary>('profiles:rename', { id: profile.id, name });
    } else {
      const what =
        profile.kind === 'local'
          ? `Remove "${profile.name}" and delete its service and every link in it from this computer?`
          : `Remove "${profile.name}" (${profile.baseUrl}), its key and its offline copy? The links stay on the service.`;
      if (opts['yes'] !== true && !(await confirm(what))) {
        ctx.out.note('Nothing was removed.');
        return EXIT.done;
      }
      await session.call<ProfilesState>('profiles:remove', { id: profile.id });
    }
    if (ctx.out.json) ctx.out.data({ [verb === 'remove' ? 'removed' : 'profile']: changed ?? profile });
    else
      ctx.out.note(
        verb === 'use'
          ? `"${profile.name}" is now the current profile.`
          : verb === 'rename'
            ? `"${profile.name}" is now "${changed?.name}".`
            : `"${profile.name}" was removed.`,
      );
    return EXIT.done;
  };

export const use = { run: runVerb('use') };
export const rename = { run: runVerb('rename') };
export const remove = { run: runVerb('remove') };
