#!/usr/bin/env node
/**
 * `linkdeck`: the command line. Kept light on purpose: commander and this file load at start;
 * each command's module (and the backend, only when no app answers) loads when asked for.
 */
import { CommanderError } from 'commander';
import { commandContext } from './context.js';
import { CliError, EXIT } from './exit-codes.js';
import { errorText } from './i18n.js';
import { EXIT_MEANING } from './output.js';
import { buildProgram, type RunCommand } from './program.js';

// Replaced by the bundle's build with package.json's version (see bundle.ts).
declare const LINKDECK_VERSION: string | undefined;
const version = typeof LINKDECK_VERSION === 'string' ? LINKDECK_VERSION : '0.0.0-dev';

let exitCode: number = EXIT.done;
const sessions: { close(): Promise<void> }[] = [];

const runCommand: RunCommand = async (load, args, opts, globals) => {
  const ctx = commandContext(globals, version, (s) => sessions.push(s));
  try {
    const { run } = await load();
    exitCode = await run(ctx, args, opts);
  } catch (error) {
    if (error instanceof CliError) {
      exitCode = error.exitCode;
      ctx.out.failure(error.message, exitCode, error.english);
    } else {
      exitCode = EXIT.refused;
      // A backend error with a message key is said in the person's language (English in --json).
      const e = error as { message?: string; key?: unknown; params?: unknown };
      const message = e.message ?? String(error);
      ctx.out.failure(errorText({ ...e, message }), exitCode, message);
    }
  }
  // --json: always a document on stdout, even for a command with nothing to report.
  if (ctx.out.json && !ctx.out.wrote) ctx.out.data({ exitCode, meaning: EXIT_MEANING[exitCode] });
};

/** --json given anywhere on the line: a usage error found by commander is JSON on stdout too. */
const wantsJson = () => process.argv.slice(2).includes('--json');

async function main(): Promise<void> {
  const program = buildProgram(version, runCommand);
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with 0; a wrong command line with 2 (commander said why on stderr).
      exitCode =
        error.exitCode === 0 ||
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version'
          ? EXIT.done
          : EXIT.usage;
      if (exitCode !== EXIT.done && wantsJson())
        process.stdout.write(
          `${JSON.stringify({ error: { message: error.message.replace(/^error: /, ''), exitCode, meaning: EXIT_MEANING[exitCode] } })}\n`,
        );
    } else throw error;
  }
  // Sessions close last: a command working on its own lets waiting commands finish, then closes.
  for (const session of sessions) await session.close();
}

/**
 * A backend may leave timers (sync, a local service): the command is over, so leave, once what
 * was written reached the pipe (writes to a pipe are asynchronous on macOS and Windows).
 */
const leave = (code: number) =>
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));

// Ctrl-C: a command working on its own closes its backend first (the outbox then knows what was
// on the wire and looks it up at the next start rather than sending it twice); a second Ctrl-C
// ends at once.
process.once('SIGINT', () => {
  void Promise.allSettled(sessions.map((s) => s.close())).then(() => leave(130));
});

main().then(
  () => leave(exitCode),
  (error: unknown) => {
    const message = (error as Error).message ?? String(error);
    process.stderr.write(`linkdeck: ${message}\n`);
    if (wantsJson())
      process.stdout.write(`${JSON.stringify({ error: { message, exitCode: EXIT.refused, meaning: EXIT_MEANING[EXIT.refused] } })}\n`);
    // Every way out lets go of the folder: its socket and token file go with the door.
    void Promise.allSettled(sessions.map((s) => s.close())).then(() => leave(EXIT.refused));
  },
);
