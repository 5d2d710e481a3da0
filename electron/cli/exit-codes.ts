import { msg, renderMessage, type MessageParams } from '../shared/message-ref.js';
import { cliLocale, t, tEnglish } from './i18n.js';

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

/**
 * An error said from the `cli` message area: the person's language on stderr, English in --json.
 * A list of names (message-ref.ts's nameList) is said as each language lists names.
 */
export const cliError = (exitCode: ExitCode, key: string, values?: MessageParams) => {
  const ref = msg(key, values);
  return new CliError(exitCode, renderMessage(ref, t, cliLocale()), renderMessage(ref, tEnglish, 'en'));
};
export const usageErrorT = (key: string, values?: MessageParams) => cliError(EXIT.usage, key, values);
