/**
 * Clipboard watch: its settings, rules and the state it publishes for the tray and the UI.
 * Pure types and constants; the logic (validation, matching, the watcher) lives in
 * electron/backend/clipboard.
 */
import type { UtmParams } from './utm.js';
import type { MessageRef } from './message-ref.js';

/** What to do with a qualifying URL while the service cannot be reached. */
import type { ValidationIssue } from './errors.js';

export type ClipboardOfflineBehaviour = 'queue' | 'skip';

/** What a link made from the clipboard gets, unless the person sets it otherwise. */
export interface ClipboardRuleDefaults {
  /** Channel id. */
  channel?: number;
  /** Campaign id. */
  campaign?: number;
  /** Branded domain with its scheme (`https://go.example.com`); none: the service's own host. */
  domain?: string;
  /** UTM parameters appended to the long URL (see electron/shared/utm.ts). */
  utm?: UtmParams;
}

/**
 * One allow or deny rule. `match` is one of three forms, told apart by how it is written:
 *
 * - a **domain**, `example.com`: the domain and all its subdomains (`www.example.com`,
 *   `a.b.example.com`), any scheme, port and path. IDN domains may be written in Unicode.
 * - a **pattern** (it contains `*`, `/` or `:`): `host[:port][/path]`, optionally after `http://` or
 *   `https://` (which then must match too). `*` stands for any run of characters, none included;
 *   nothing else is special. The host part is matched against the URL's host, case-insensitively
 *   (with its port when the pattern has a `:`); `*.example.com` matches subdomains only. Without
 *   a path part any path matches; with one, the path must match entirely, case-sensitively, as
 *   decoded text (`example.com/blog/*`); the query is included only when the pattern's path has a
 *   `?` (`example.com/search?q=*`).
 * - a **regular expression** written `/…/` or `/…/i`: tested (anywhere, unless anchored) against
 *   the normalised URL (lowercase scheme and host, host in punycode, path percent-encoded:
 *   `https://xn--bcher-kva.de/%C3%BCber?q=1`). RE2 syntax (through re2js: linear time whatever
 *   the expression), which agrees with JavaScript on what URL rules need: literals, `.`, classes
 *   `[…]`, `\d \w \s \b` and their negations, groups `(…)`, `(?:…)`, `(?<name>…)`, `|`,
 *   `* + ? {n} {n,} {n,m}` (counts up to 1000) and their lazy forms, `^ $`, `\x41`.
 *   Back-references and look-arounds are refused (RE2 has none).
 *
 * Deny rules win over allow rules. When any allow rule exists, only URLs matching one are
 * shortened, with the defaults of the first match (in list order) over the settings' defaults.
 */
export interface ClipboardRule {
  match: string;
  action: 'allow' | 'deny';
  /** Defaults for links this rule lets through (allow rules only). */
  defaults?: ClipboardRuleDefaults;
  /** false: kept in the list but not applied. Default true. */
  enabled?: boolean;
  /** The person's own words about the rule. */
  note?: string;
}

export interface ClipboardSettings {
  /** Opt-in: off until the person turns it on. */
  enabled: boolean;
  /** Paused from the tray; nothing is read or shortened while paused. */
  paused: boolean;
  /** How often the clipboard is read, in ms. */
  pollIntervalMs: number;
  offline: ClipboardOfflineBehaviour;
  /** Defaults for every link made from the clipboard; an allow rule's own defaults override them. */
  defaults: ClipboardRuleDefaults;
  rules: ClipboardRule[];
}

export const CLIPBOARD_POLL_MIN_MS = 100;
export const CLIPBOARD_POLL_MAX_MS = 500;
export const CLIPBOARD_MAX_RULES = 200;
/** Longest `match` of a rule. */
export const CLIPBOARD_RULE_MAX_LENGTH = 300;
export const CLIPBOARD_NOTE_MAX_LENGTH = 200;

export const DEFAULT_CLIPBOARD_SETTINGS: Readonly<ClipboardSettings> = Object.freeze({
  enabled: false,
  paused: false,
  pollIntervalMs: 400,
  offline: 'queue',
  defaults: {},
  rules: [],
});

/** A problem with one field of the settings, e.g. path `['rules', '2', 'match']`. */
export type ClipboardSettingsIssue = ValidationIssue;

/**
 * What the watch did with one copied URL.
 * - created: a new short link is on the clipboard. reused: an existing one is.
 * - queued: offline, the link will be made when the service is back (the clipboard is unchanged).
 * - skipped: not shortened (offline with 'skip', or the service asked to slow down).
 * - not-copied: the link was made, but the clipboard changed meanwhile, so it was left alone.
 */
export type ClipboardActionKind = 'created' | 'reused' | 'queued' | 'skipped' | 'not-copied';

export interface ClipboardAction {
  /** Identifies the action for undo. */
  id: string;
  kind: ClipboardActionKind;
  /** The URL as copied. */
  copied: string;
  /** The long URL sent (the copied one plus any UTM parameters). */
  url: string;
  shortUrl: string | null;
  linkId: number | null;
  /** True when this action made the link (undo may then delete it); false for a reused link. */
  newLink: boolean;
  /** The rule whose defaults applied (its `match`), or null. */
  rule: string | null;
  /** Unix ms. */
  at: number;
  /** What happened, in words, in the language of that moment (notifications, older windows)… */
  message: string;
  /**
   * …and as messages, sentences shown one after another, which the window words in the person's
   * language of now, so a language switch re-words the status line (issue 44).
   */
  messageRefs?: MessageRef[];
  /** Whether undo() can still act on it. */
  undoable: boolean;
  /** Set once undone. */
  undone: { at: number; restored: boolean; linkDeleted: boolean } | null;
}

export interface ClipboardWatchState {
  enabled: boolean;
  paused: boolean;
  /** off: not enabled; paused; watching: reading the clipboard; working: shortening a URL now. */
  status: 'off' | 'paused' | 'watching' | 'working';
  /** True while the last attempt found the service unreachable. */
  offline: boolean;
  pollIntervalMs: number;
  lastAction: ClipboardAction | null;
  /**
   * The last failure, in words (cleared by the next success), and as a message (`ref`) the window
   * words in the person's language of now.
   */
  lastError: { code: string; message: string; ref?: MessageRef; at: number } | null;
}
