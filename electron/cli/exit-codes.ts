import type { MessageValues } from '../shared/i18n/translate.js';
import { t, tEnglish } from './i18n.js';

/** What `linkdeck` exits with; scripts rely on these (docs/cli.md lists them). */
export const EXIT = {
  done: 0,
  /** The service (or the app) refused or failed. */
  refused: 1,
  /** The command line was wrong: nothing was done. */
  usage: 2,
  /** Changes were saved in the outbox but not sent (offline): the app sends them when it next runs. */
  queued: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error that ends the command with its exit code and one message on stderr. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    /** The same sentence in English, for --json (which never changes with the language). */
    readonly english: string = message,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message);

/** An error said from the `cli` message area: the person's language on stderr, English in --json. */
export const cliError = (exitCode: ExitCode, key: string, values?: MessageValues) =>
  new CliError(exitCode, t(key, values), tEnglish(key, values));
export const usageErrorT = (key: string, values?: MessageValues) => cliError(EXIT.usage, key, values);
