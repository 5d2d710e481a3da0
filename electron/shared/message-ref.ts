/**
 * A sentence for a person as a message key and its arguments, not as English words (issue 44):
 * the backend and the shared validators say *which* sentence, each side renders it in its own
 * language (the renderer through vue-i18n, the command line and logs in English through
 * `englishText`). An argument can itself be a message (`{ what: { key: 'errors.doing.listLinks' } }`)
 * for a phrase that must be translated as a whole inside another sentence.
 * Pure TypeScript: the renderer, the backend and the shells all import it.
 */
import { formatList, quoted } from './i18n/lists.js';
import { DEFAULT_LOCALE } from './i18n/locales.js';
import { createTranslator, type Translate } from './i18n/translate.js';
// English only (shared-english.ts, not shared-messages.ts, which holds every language): the
// renderer imports this module with its first screen and loads other languages only when wanted.
import { SHARED_ENGLISH } from './i18n/shared-english.js';

/**
 * Names said as a list in the reader's language (“a”, “b” and “c”; „a“, „b“ und „c“): the names
 * themselves are data, never translated; the joining words and the quotation marks are the
 * reader's (i18n/lists.ts). `or` lists choices (“a”, “b” or “c”); `more` counts the names left
 * out past MESSAGE_LIST_MAX (nameList).
 */
export type NameList = { list: string[]; quote?: true; or?: true; more?: number };

/**
 * An argument: a value shown as given (a name, an alias, a count), a nested message, a list of
 * whole sentences said one after another (a row's several problems), each in the same language,
 * or a list of names (NameList).
 */
export type MessageParam = string | number | MessageRef | MessageRef[] | NameList;
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
/** The most sentences a list argument holds (sentenceList says the rest as a count). */
export const MESSAGE_LIST_MAX = 20;

/**
 * How a language puts two sentences one after the other ("{first} {second}"): a message, not a
 * space written here, so a language that sets sentences without one can say so.
 */
const SENTENCE_JOIN = 'importNotes.sentences';

export const msg = (key: string, params?: MessageParams): MessageRef => (params ? { key, params } : { key });

/**
 * Several sentences as one argument: the list itself, or one sentence when there is one; past
 * MESSAGE_LIST_MAX the last place says how many more there are (a ref arriving from elsewhere
 * is refused above that, see isMessageRef).
 */
export function sentenceList(refs: readonly MessageRef[]): MessageRef | MessageRef[] {
  if (refs.length === 1 && refs[0]) return refs[0];
  if (refs.length <= MESSAGE_LIST_MAX) return [...refs];
  const shown = refs.slice(0, MESSAGE_LIST_MAX - 1);
  return [...shown, msg('importNotes.moreProblems', { n: refs.length - shown.length })];
}

/**
 * Names (sheets, columns) as one argument, said as a list in the reader's language, each in its
 * quotation marks with `quote`. Past MESSAGE_LIST_MAX the list ends with how many more there are
 * (“a”, “b” … and 12 others), as sentenceList does: a workbook may have hundreds of sheets.
 */
export function nameList(names: readonly string[], options: { quote?: boolean; or?: boolean } = {}): NameList {
  const capped = names.length > MESSAGE_LIST_MAX;
  const list = capped ? names.slice(0, MESSAGE_LIST_MAX - 1) : [...names];
  return {
    list,
    ...(options.quote ? { quote: true as const } : {}),
    ...(options.or ? { or: true as const } : {}),
    ...(capped ? { more: names.length - list.length } : {}),
  };
}

/** The message that ends a capped NameList ("and 12 others"): full key for the catalogue check. */
const MORE_NAMES = 'importNotes.moreNames';

/**
 * Several whole sentences (a row's problems) as one message: the one sentence itself, or the
 * first followed by the rest as a list argument, each said in the reader's language.
 */
export function sentencesRef(refs: readonly [MessageRef, ...MessageRef[]]): MessageRef {
  const [first, ...rest] = refs;
  return rest.length === 0 ? first : msg(SENTENCE_JOIN, { first, second: sentenceList(rest) });
}

export function isNameList(value: unknown): value is NameList {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as { list?: unknown; quote?: unknown; or?: unknown; more?: unknown; key?: unknown };
  return (
    v.key === undefined &&
    Array.isArray(v.list) &&
    // Empty is allowed: a sentence may name the list only in one branch (“Pick another sheet ({sheets})”).
    v.list.length <= MESSAGE_LIST_MAX &&
    v.list.every((name) => typeof name === 'string') &&
    (v.quote === undefined || v.quote === true) &&
    (v.or === undefined || v.or === true) &&
    (v.more === undefined || (Number.isSafeInteger(v.more) && (v.more as number) > 0))
  );
}

const isParam = (p: unknown, depth: number): boolean =>
  typeof p === 'string' ||
  isNameList(p) ||
  (typeof p === 'number' && Number.isFinite(p)) ||
  (Array.isArray(p) ? p.length > 0 && p.length <= MESSAGE_LIST_MAX && p.every((item) => isMessageRef(item, depth + 1)) : isMessageRef(p, depth + 1));

export function isMessageRef(value: unknown, depth = 0): value is MessageRef {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > MAX_DEPTH) return false;
  const v = value as { key?: unknown; params?: unknown };
  if (typeof v.key !== 'string' || v.key.length === 0 || v.key.length > MESSAGE_KEY_MAX) return false;
  if (v.params === undefined) return true;
  if (typeof v.params !== 'object' || v.params === null || Array.isArray(v.params)) return false;
  return Object.values(v.params).every((p) => isParam(p, depth));
}

/**
 * Words a message in one language. `locale` is that language, for the lists of names a ref may
 * hold: a translator made by createTranslator carries it; one written by hand (vue-i18n's `t`,
 * the command line's) has it passed beside it.
 */
type Translator = ((key: string, values: Record<string, string | number>) => string) & { readonly locale?: string };

/** Renders a ref with `translate`, nested refs first (each in the same language). */
export function renderMessage(ref: MessageRef, translate: Translator, locale: string = translate.locale ?? DEFAULT_LOCALE): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(ref.params ?? {})) {
    values[name] = isList(value)
      ? renderList(value, translate, locale)
      : isNameList(value)
        ? renderNames(value, translate, locale)
        : typeof value === 'object'
          ? renderMessage(value, translate, locale)
          : value;
  }
  return translate(ref.key, values);
}

const isList = (value: MessageParam): value is MessageRef[] => Array.isArray(value);

/** Whole sentences one after another, joined as the language joins two (SENTENCE_JOIN). */
function renderList(refs: readonly MessageRef[], translate: Translator, locale: string): string {
  const [first, ...rest] = refs.map((ref) => renderMessage(ref, translate, locale));
  return rest.reduce((text, next) => translate(SENTENCE_JOIN, { first: text, second: next }), first ?? '');
}

/** Names as the language lists them ("“a”, “b” and 3 others", "a, b or c"). */
function renderNames(names: NameList, translate: Translator, locale: string): string {
  const items = names.quote ? names.list.map((name) => quoted(locale, name)) : [...names.list];
  if (names.more) items.push(translate(MORE_NAMES, { n: names.more }));
  return formatList(locale, items, names.or ? 'disjunction' : 'conjunction');
}

/** The same ref with `change` applied to every string argument, nested ones too (to blank out a secret). */
export function mapMessageStrings(ref: MessageRef, change: (text: string) => string): MessageRef {
  if (!ref.params) return ref;
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(ref.params)) {
    params[name] =
      typeof value === 'string'
        ? change(value)
        : typeof value === 'number'
          ? value
          : isList(value)
            ? value.map((item) => mapMessageStrings(item, change))
            : isNameList(value)
              ? { ...value, list: value.list.map(change) }
              : mapMessageStrings(value, change);
  }
  return { key: ref.key, params };
}

let english: Translate | undefined;

/**
 * The English words of a ref: the `message` every error keeps for logs, the command line's
 * `--json` output and any reader that knows no keys.
 */
export function englishText(ref: MessageRef): string {
  english ??= createTranslator('en', { en: SHARED_ENGLISH });
  return renderMessage(ref, english);
}
