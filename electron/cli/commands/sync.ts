import type { SyncProgress } from '../../shared/models.js';
import type { CommandContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { age } from '../output.js';
import type { Session } from '../session.js';

const LOOK_EVERY_MS = 300;

/**
 * `linkdeck sync [--wait]`: reads the links again now (the links view's refresh, forced). With
 * --wait, until the whole sync run is done (the first sync of a new profile can take minutes:
 * progress goes to stderr). Offline: says so and exits 3, the mirror as it was.
 */
export async function run(
  ctx: CommandContext,
  _args: unknown[],
  opts: Record<string, unknown>,
): Promise<number> {
  const session = await ctx.session({ needsKey: true });
  const refreshed = await session.attempt<void>('sync:refresh', {
    view: { kind: 'links' },
    force: true,
  });
  if (!refreshed.ok) {
    if (refreshed.error.code === 'offline') return offline(ctx, session, refreshed.error.message);
    throw new CliError(EXIT.refused, refreshed.error.message);
  }
  let progress = await session.call<SyncProgress>('sync:status');
  // Working on its own, the command is the only one syncing: it waits for the run it started.
  if (opts['wait'] === true || session.mode === 'self') {
    let lastShown = '';
    while (progress.phase !== 'idle' && progress.online) {
      const line = `Syncing ${session.profile.name}: ${progress.done}${progress.total ? ` of ${progress.total}` : ''} (${progress.phase})`;
      if (line !== lastShown && !ctx.out.json) ctx.out.note(line);
      lastShown = line;
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      progress = await session.call<SyncProgress>('sync:status');
    }
  }
  if (!progress.online)
    return offline(ctx, session, progress.error?.message ?? 'the service cannot be reached');
  if (progress.error) throw new CliError(EXIT.refused, progress.error.message);
  if (ctx.out.json) ctx.out.data(progress);
  else
    ctx.out.note(
      progress.phase === 'idle'
        ? `${session.profile.name} is up to date (links synced ${age(progress.syncedAt)}).`
        : `${session.profile.name} is syncing in the app (${progress.phase}).`,
    );
  return EXIT.done;
}

function offline(ctx: CommandContext, session: Session, why: string): number {
  ctx.out.warn(`${session.profile.name} is offline (${why}): the mirror stays as it was.`);
  return EXIT.queued;
}
