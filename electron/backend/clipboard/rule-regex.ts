import { RE2JS, RE2JSSyntaxException } from 're2js';

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

export type RuleRegexResult = { ok: true; regex: RuleRegex } | { ok: false; message: string };

/** Compiles a rule's `/source/` or `/source/i`. */
export function compileRuleRegex(text: string): RuleRegexResult {
  const end = text.lastIndexOf('/');
  if (!text.startsWith('/') || end <= 0)
    return fail('Write a regular expression between slashes, like /example\\.com\\/blog/ or /…/i.');
  // The last slash closes the expression, so slashes inside need no escape.
  const source = text.slice(1, end);
  const flags = text.slice(end + 1);
  if (source === '') return fail('The regular expression between the slashes is empty.');
  if (flags !== '' && flags !== 'i')
    return fail(
      `The only flag supported after the closing slash is i (ignore case), not "${flags}".`,
    );
  const ignoreCase = flags === 'i';

  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) return fail(invalid(explain(error, source)));
    throw error;
  }
  if (compiled.programSize() > RULE_REGEX_MAX_PROGRAM) {
    return fail(
      invalid(
        'it is too large once its repetitions are counted out (such as .{0,999} several times); make the counts smaller',
      ),
    );
  }
  return {
    ok: true,
    regex: { source, ignoreCase, test: (subject) => compiled.test(subject) },
  };
}

/** RE2's error, in words a person writing a rule can act on. */
function explain(error: RE2JSSyntaxException, source: string): string {
  const part = error.getPattern() ?? '';
  switch (error.getDescription()) {
    case 'invalid escape sequence':
      if (/^\\[1-9]/.test(part) || (part === '\\k' && source.includes('\\k<')))
        return 'back-references such as \\1 or \\k<name> are not supported (rules use RE2 syntax, which has none)';
      if (part === '\\u')
        return '\\u is not supported; write a character code as \\x41 or \\x{0041}';
      return `${part} is not an escape RE2 knows (those are \\d \\w \\s \\b and their capitals, \\x41, and \\ before a punctuation mark)`;
    case 'invalid or unsupported Perl syntax':
      if (part.startsWith('(?=') || part.startsWith('(?!')) return LOOK_AROUND;
      return `"${part}" does not start a group RE2 knows: write (…), (?:…), (?<name>…) or a flag such as (?i)`;
    case 'invalid named capture':
      if (part.startsWith('(?<=') || part.startsWith('(?<!')) return LOOK_AROUND;
      return 'a named group is written (?<name>…), the name made of letters, digits and _';
    case 'duplicate capture group name':
      return `two groups are named "${part}"`;
    case 'missing closing )':
      return 'a "(" is never closed';
    case 'unexpected )':
      return 'there is a ")" with no "(" before it';
    case 'missing closing ]':
      return 'a "[" is never closed (a "]" right after "[" or "[^" counts as a character)';
    case 'missing argument to repetition operator':
      return `"${part}" has nothing before it to repeat`;
    case 'invalid nested repetition operator':
      return `two repetitions in a row ("${part}"); put the first in a group`;
    case 'invalid repeat count':
      return `the count ${part} is out of order or too large (counts go up to 1000, nested ones multiplied together)`;
    case 'invalid character class range':
      return `"${part}" is not a valid range or class (a range's ends must be in order, such as a-z)`;
    case 'trailing backslash at end of expression':
      return 'the expression ends with a lone backslash';
    case 'expression nests too deeply':
      return 'its groups nest too deeply';
    case 'expression too large':
      return 'it is too large; make the counts smaller';
    default:
      return error.message;
  }
}

const LOOK_AROUND =
  'look-ahead and look-behind groups such as (?=…) or (?<!…) are not supported (rules use RE2 syntax, which has none); match the text itself instead';

function invalid(why: string): string {
  return `The regular expression is not valid: ${why}.`;
}

function fail(message: string): RuleRegexResult {
  return { ok: false, message };
}
