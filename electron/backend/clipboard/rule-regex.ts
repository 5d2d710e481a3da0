import { RE2JS, RE2JSSyntaxException } from 're2js';
import { msg, type MessageRef } from '../../shared/message-ref.js';

/**
 * Regular expressions from clipboard rules (`/…/` or `/…/i`), compiled with RE2JS, the
 * JavaScript port of Google's RE2. It matches in time linear in the URL's length whatever the
 * expression, so `(a+)+$` or `.*.*.*x` cannot freeze the watcher the way they freeze RegExp.
 * The syntax is RE2's, which agrees with JavaScript's on everything a URL rule needs (literals,
 * `.`, classes, `\d \w \s \b`, groups, named groups, `|`, repetitions and their lazy forms,
 * `^ $`). RE2 has no look-arounds and no back-references: those are refused, saying so.
 * RE2JS.translateRegExp is deliberately not used: it would read `\k<name>` as the letters
 * "k<name>" and `\Z` as "Z", silently accepting what the person did not mean.
 *
 * Limits: the rule is at most CLIPBOARD_RULE_MAX_LENGTH (300) characters (checked by
 * compileMatcher) and a URL at most DETECT_MAX_LENGTH (2048) before any rule sees it. The former
 * hand-written engine's own limits are gone: RE2 caps repeat counts at 1000 (nested ones
 * multiplied together) by itself, and the refusals of a lone `{` and of octal escapes only
 * existed because that engine's parser did not handle them.
 */
export interface RuleRegex {
  readonly source: string;
  readonly ignoreCase: boolean;
  /** Whether the expression matches anywhere in `text` (like RegExp.prototype.test). */
  test(text: string): boolean;
}

/**
 * Largest compiled program accepted, in RE2JS's own measure of an expression's cost. RE2 stays
 * linear, but when its DFA gives up it falls back to an NFA whose work per character grows with
 * the program: twelve copies of `(?:a.{0,999}|b.{0,999})` (under 300 characters) compile to
 * ~48,000 instructions and take about a second per 2,000-character URL. Everyday rules stay
 * under a few hundred.
 */
export const RULE_REGEX_MAX_PROGRAM = 5000;

/**
 * A refusal is a message ref (issue 44), worded in the settings form's language; its English
 * (englishText) is made only where a reader without keys needs it (keyedIssue, rules.ts).
 */
export type RuleRegexResult = { ok: true; regex: RuleRegex } | { ok: false; ref: MessageRef };

/** Compiles a rule's `/source/` or `/source/i`. */
export function compileRuleRegex(text: string): RuleRegexResult {
  const end = text.lastIndexOf('/');
  if (!text.startsWith('/') || end <= 0)
    return fail(msg('validation.clipboard.regexSlashes', { example: '/example\\.com\\/blog/', ignoreCase: '/…/i' }));
  // The last slash closes the expression, so slashes inside need no escape.
  const source = text.slice(1, end);
  const flags = text.slice(end + 1);
  if (source === '') return fail(msg('validation.clipboard.regexEmpty'));
  if (flags !== '' && flags !== 'i') return fail(msg('validation.clipboard.regexFlag', { flags }));
  const ignoreCase = flags === 'i';

  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) return fail(invalid(explain(error, source)));
    throw error;
  }
  if (compiled.programSize() > RULE_REGEX_MAX_PROGRAM) {
    return fail(invalid(msg('validation.clipboard.regexProgramTooLarge', { example: '.{0,999}' })));
  }
  return {
    ok: true,
    regex: { source, ignoreCase, test: (subject) => compiled.test(subject) },
  };
}

/*
 * The reasons below are phrases inside “The regular expression is not valid: {why}.”. Regex
 * syntax (groups, escapes, braces) is passed as arguments, never written in a message: ICU reads
 * `{` as an argument and intl-messageformat `<name>` as a tag.
 */

/** RE2's error, in words a person writing a rule can act on. */
function explain(error: RE2JSSyntaxException, source: string): MessageRef {
  const part = error.getPattern() ?? '';
  switch (error.getDescription()) {
    case 'invalid escape sequence':
      if (/^\\[1-9]/.test(part) || (part === '\\k' && source.includes('\\k<')))
        return msg('validation.clipboard.regexBackReference', { numbered: '\\1', named: '\\k<name>' });
      if (part === '\\u')
        return msg('validation.clipboard.regexUnicodeEscape', { escape: '\\u', short: '\\x41', long: '\\x{0041}' });
      return msg('validation.clipboard.regexUnknownEscape', { part, classes: '\\d \\w \\s \\b', code: '\\x41', backslash: '\\' });
    case 'invalid or unsupported Perl syntax':
      if (part.startsWith('(?=') || part.startsWith('(?!')) return lookAround();
      return msg('validation.clipboard.regexUnknownGroup', { part, group: '(…)', plain: '(?:…)', named: '(?<name>…)', flag: '(?i)' });
    case 'invalid named capture':
      if (part.startsWith('(?<=') || part.startsWith('(?<!')) return lookAround();
      return msg('validation.clipboard.regexNamedGroup', { named: '(?<name>…)' });
    case 'duplicate capture group name':
      return msg('validation.clipboard.regexDuplicateName', { part });
    case 'missing closing )':
      return msg('validation.clipboard.regexUnclosedParen', { open: '(' });
    case 'unexpected )':
      return msg('validation.clipboard.regexUnopenedParen', { open: '(', close: ')' });
    case 'missing closing ]':
      return msg('validation.clipboard.regexUnclosedBracket', { open: '[', close: ']', negated: '[^' });
    case 'missing argument to repetition operator':
      return msg('validation.clipboard.regexNothingToRepeat', { part });
    case 'invalid nested repetition operator':
      return msg('validation.clipboard.regexNestedRepetition', { part });
    case 'invalid repeat count':
      return msg('validation.clipboard.regexRepeatCount', { part, max: 1000 });
    case 'invalid character class range':
      return msg('validation.clipboard.regexBadRange', { part, example: 'a-z' });
    case 'trailing backslash at end of expression':
      return msg('validation.clipboard.regexTrailingBackslash');
    case 'expression nests too deeply':
      return msg('validation.clipboard.regexTooDeep');
    case 'expression too large':
      return msg('validation.clipboard.regexTooLarge');
    default:
      // A description RE2JS may add later: its own (English) words, quoted as data.
      return msg('validation.clipboard.regexOther', { detail: error.message });
  }
}

const lookAround = (): MessageRef =>
  msg('validation.clipboard.regexLookAround', { ahead: '(?=…)', behind: '(?<!…)' });

function invalid(why: MessageRef): MessageRef {
  return msg('validation.clipboard.regexInvalid', { why });
}

function fail(ref: MessageRef): RuleRegexResult {
  return { ok: false, ref };
}
