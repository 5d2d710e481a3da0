import { Output } from './output.js';
import { cliDataDir } from './data-dir.js';
import type { Session } from './session.js';

/** The options every command takes (see program.ts). */
export interface GlobalOptions {
  profile?: string;
  json?: boolean;
  dataDir?: string;
  verbose?: boolean;
}

/** What a command gets: where to write, the data folder, and a session opened when it needs one. */
export interface CommandContext {
  out: Output;
  options: GlobalOptions;
  dataDir: string;
  version: string;
  /** Opens the session (the app's, or this process's own backend); closed by the caller of the command. */
  session(): Promise<Session>;
}

export function commandContext(
  options: GlobalOptions,
  version: string,
  track: (session: Session) => void,
): CommandContext {
  const out = new Output({ json: options.json ?? false });
  const dataDir = cliDataDir(options.dataDir);
  let opened: Promise<Session> | null = null;
  return {
    out,
    options,
    dataDir,
    version,
    session() {
      opened ??= import('./session.js').then(async ({ openSession }) => {
        const session = await openSession({
          dataDir,
          profile: options.profile,
          version,
          log: options.verbose ? (m) => out.note(m) : () => {},
        });
        track(session);
        return session;
      });
      return opened;
    },
  };
}
