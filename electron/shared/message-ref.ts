/**
 * A sentence for a person as a message key and its arguments, not as English words (issue 44):
 * the backend and the shared validators say *which* sentence, each side renders it in its own
 * language (the renderer through vue-i18n, the command line and logs in English through
 * `englishText`). An argument can itself be a message (`{ what: { key: 'errors.doing.listLinks' } }`)
 * for a phrase that must be translated as a whole inside another sentence.
 * Pure TypeScript: the renderer, the backend and the shells all import it.
 */
import { createTranslator, type Translate } from './i18n/translate.js';
// English only (not shared-messages.ts, which holds every language): the renderer imports this
// module with its first screen and loads other languages only when wanted (renderer/src/i18n).
import cli from './i18n/locales/en/cli.json' with { type: 'json' };
import desktop from './i18n/locales/en/desktop.json' with { type: 'json' };
import errors from './i18n/locales/en/errors.json' with { type: 'json' };
import importNotes from './i18n/locales/en/importNotes.json' with { type: 'json' };
import validation from './i18n/locales/en/validation.json' with { type: 'json' };

/** An argument: a value shown as given (a name, an alias, a count), or a nested message. */
export type MessageParam = string | number | MessageRef;
export type MessageParams = { [name: string]: MessageParam };

/** A message of the shared areas (errors, validation, importNotes …) with its arguments. */
export type MessageRef = {
  /** Written out in full ('errors.aliasTaken'): the catalogue check searches the code for it. */
  key: string;
  params?: MessageParams;
};

/** The longest key and the deepest nesting a ref may have when it arrives from elsewhere. */
export const MESSAGE_KEY_MAX = 120;
const MAX_DEPTH = 3;

export const msg = (key: string, params?: MessageParams): MessageRef => (params ? { key, params } : { key });

export function isMessageRef(value: unknown, depth = 0): value is MessageRef {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > MAX_DEPTH) return false;
  const v = value as { key?: unknown; params?: unknown };
  if (typeof v.key !== 'string' || v.key.length === 0 || v.key.length > MESSAGE_KEY_MAX) return false;
  if (v.params === undefined) return true;
  if (typeof v.params !== 'object' || v.params === null || Array.isArray(v.params)) return false;
  return Object.values(v.params).every(
    (p) => typeof p === 'string' || (typeof p === 'number' && Number.isFinite(p)) || isMessageRef(p, depth + 1),
  );
}

/** Renders a ref with `translate`, nested refs first (each in the same language). */
export function renderMessage(ref: MessageRef, translate: (key: string, values: Record<string, string | number>) => string): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(ref.params ?? {})) {
    values[name] = typeof value === 'object' ? renderMessage(value, translate) : value;
  }
  return translate(ref.key, values);
}

/** The same ref with `change` applied to every string argument, nested ones too (to blank out a secret). */
export function mapMessageStrings(ref: MessageRef, change: (text: string) => string): MessageRef {
  if (!ref.params) return ref;
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(ref.params)) {
    params[name] = typeof value === 'string' ? change(value) : typeof value === 'number' ? value : mapMessageStrings(value, change);
  }
  return { key: ref.key, params };
}

let english: Translate | undefined;

/**
 * The English words of a ref: the `message` every error keeps for logs, the command line's
 * `--json` output and any reader that knows no keys.
 */
export function englishText(ref: MessageRef): string {
  english ??= createTranslator('en', { en: { errors, validation, desktop, cli, importNotes } });
  return renderMessage(ref, english);
}
