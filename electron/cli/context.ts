import { Output } from './output.js';
import { cliDataDir } from './data-dir.js';
import type { BareSession, Session } from './session.js';

/** The options every command takes (see program.ts). */
export interface GlobalOptions {
  profile?: string;
  json?: boolean;
  dataDir?: string;
  verbose?: boolean;
  /** `--no-color` (commander's negated option: false when given). */
  color?: boolean;
}

/** What a command gets: where to write, the data folder, and a session opened when it needs one. */
export interface CommandContext {
  out: Output;
  options: GlobalOptions;
  dataDir: string;
  version: string;
  /**
   * Opens the session (the app's, or this process's own backend); closed by the caller of the
   * command. `needsKey`: the command sends to the service, so a profile without a key here is
   * an error (exit 1) rather than changes queued for a key that never comes.
   */
  session(use?: { needsKey?: boolean }): Promise<Session>;
  /** A session with no profile chosen (profiles add, status): works on a fresh data folder. */
  bareSession(): Promise<BareSession>;
}

export function commandContext(
  options: GlobalOptions,
  version: string,
  track: (session: { close(): Promise<void> }) => void,
): CommandContext {
  const out = new Output({ json: options.json ?? false, ...(options.color === false ? { color: false } : {}) });
  const dataDir = cliDataDir(options.dataDir);
  let opened: Promise<Session> | null = null;
  let bare: Promise<BareSession> | null = null;
  const sessionOptions = () => ({
    dataDir,
    profile: options.profile,
    version,
    log: options.verbose ? (m: string) => out.note(m) : () => {},
  });
  return {
    out,
    options,
    dataDir,
    version,
    session(use = {}) {
      opened ??= import('./session.js').then(async ({ openSession }) => {
        const session = await openSession({ ...sessionOptions(), needsKey: use.needsKey ?? false });
        track(session);
        return session;
      });
      return opened;
    },
    bareSession() {
      bare ??= import('./session.js').then(async ({ openBareSession }) => {
        const session = await openBareSession(sessionOptions());
        track(session);
        return session;
      });
      return bare;
    },
  };
}
