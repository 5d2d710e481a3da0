/**
 * Parser for the regular-expression subset of clipboard rules (see ClipboardRule in
 * electron/shared/clipboard-rules.ts). It yields a small syntax tree that safe-regex.ts runs
 * without backtracking. Everything that cannot be run in linear time (back-references,
 * look-arounds) is refused here with a message a person can act on.
 */

/** A set of UTF-16 code units. */
export type CharTest = (code: number) => boolean;

export type RegexNode =
  | { type: 'empty' }
  | { type: 'char'; test: CharTest; negated: boolean }
  | { type: 'assert'; kind: 'start' | 'end' | 'word' | 'not-word' }
  | { type: 'seq'; items: RegexNode[] }
  | { type: 'alt'; options: RegexNode[] }
  | { type: 'repeat'; node: RegexNode; min: number; max: number };

export class RegexSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegexSyntaxError';
  }
}

/** Largest count in `{n,m}`. */
export const REGEX_MAX_COUNT = 1000;

const isDigit: CharTest = (c) => c >= 48 && c <= 57;
export const isWordChar: CharTest = (c) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace: CharTest = (c) =>
  (c >= 9 && c <= 13) ||
  c === 32 ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;
const isLineEnd: CharTest = (c) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
const not =
  (test: CharTest): CharTest =>
  (c) =>
    !test(c);

const CLASS_ESCAPES: Record<string, CharTest> = {
  d: isDigit,
  D: not(isDigit),
  w: isWordChar,
  W: not(isWordChar),
  s: isSpace,
  S: not(isSpace),
};
const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13, '0': 0 };

/** Splits `/source/flags` into its parts; only the `i` flag is accepted. */
export function parseRegexLiteral(text: string): { source: string; ignoreCase: boolean } {
  const end = text.lastIndexOf('/');
  if (!text.startsWith('/') || end <= 0) {
    throw new RegexSyntaxError(
      'Write a regular expression between slashes, like /example\\.com\\/blog/ or /…/i.',
    );
  }
  const source = text.slice(1, end);
  const flags = text.slice(end + 1);
  if (source === '')
    throw new RegexSyntaxError('The regular expression between the slashes is empty.');
  if (flags !== '' && flags !== 'i') {
    throw new RegexSyntaxError(
      `The only flag supported after the closing slash is i (ignore case), not "${flags}".`,
    );
  }
  return { source, ignoreCase: flags === 'i' };
}

/** Parses the source (without slashes) of a regular expression of the supported subset. */
export function parseRegex(source: string): RegexNode {
  return new Parser(source).parse();
}

class Parser {
  private pos = 0;
  constructor(private readonly src: string) {}

  parse(): RegexNode {
    const node = this.alternation();
    if (this.pos < this.src.length) {
      // Only an unmatched ')' stops the top-level alternation early.
      this.fail(`there is a ")" with no "(" before it`);
    }
    return node;
  }

  private fail(what: string, at = this.pos): never {
    throw new RegexSyntaxError(
      `The regular expression is not valid at position ${at + 1}: ${what}.`,
    );
  }

  private peek(offset = 0): string {
    return this.src.charAt(this.pos + offset);
  }

  private alternation(): RegexNode {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.pos++;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as RegexNode) : { type: 'alt', options };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.pos < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      items.push(this.quantified());
    }
    if (items.length === 0) return { type: 'empty' };
    return items.length === 1 ? (items[0] as RegexNode) : { type: 'seq', items };
  }

  private quantified(): RegexNode {
    const start = this.pos;
    let node = this.atom();
    let count = this.quantifier();
    // As in JavaScript, a bare anchor cannot be repeated, though a group holding one can.
    if (count && node.type === 'assert' && this.src.charAt(start) !== '(') {
      this.fail('an anchor or \\b cannot be repeated', start);
    }
    while (count) {
      node = { type: 'repeat', node, min: count.min, max: count.max };
      if (this.peek() === '?') this.pos++; // lazy: the same set of matches
      const at = this.pos;
      count = this.quantifier();
      if (count)
        this.fail('two repetitions in a row (such as a** or a+{2}); put the first in a group', at);
    }
    return node;
  }

  private quantifier(): { min: number; max: number } | null {
    const c = this.peek();
    if (c === '*') return (this.pos++, { min: 0, max: Infinity });
    if (c === '+') return (this.pos++, { min: 1, max: Infinity });
    if (c === '?') return (this.pos++, { min: 0, max: 1 });
    if (c !== '{') return null;
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
    if (!m)
      this.fail(
        'a "{" must start a count such as {2}, {2,} or {1,3}; write \\{ for the character itself',
      );
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    if (min > REGEX_MAX_COUNT || (max !== Infinity && max > REGEX_MAX_COUNT)) {
      this.fail(`counts above ${REGEX_MAX_COUNT} are not supported`);
    }
    if (max < min) this.fail(`the count {${m[1]},${m[3] ?? ''}} has its numbers out of order`);
    this.pos += m[0].length;
    return { min, max };
  }

  private atom(): RegexNode {
    const at = this.pos;
    const c = this.src.charAt(this.pos++);
    switch (c) {
      case '(':
        return this.group(at);
      case '[':
        return this.charClass(at);
      case '.':
        return { type: 'char', test: isLineEnd, negated: true };
      case '^':
        return { type: 'assert', kind: 'start' };
      case '$':
        return { type: 'assert', kind: 'end' };
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
        return this.fail(`"${c}" has nothing before it to repeat`, at);
      case '{':
        return this.fail(
          'a "{" must follow something to repeat; write \\{ for the character itself',
          at,
        );
      default:
        return literal(c.charCodeAt(0));
    }
  }

  private group(at: number): RegexNode {
    if (this.peek() === '?') {
      const head = this.src.slice(this.pos, this.pos + 3);
      if (head.startsWith('?:')) this.pos += 2;
      else if (head.startsWith('?=') || head.startsWith('?!') || head === '?<=' || head === '?<!') {
        this.fail(
          'look-ahead and look-behind groups are not supported (they cannot be matched safely)',
          at,
        );
      } else if (head.startsWith('?<')) {
        const m = /^\?<([A-Za-z_$][\w$]*)>/.exec(this.src.slice(this.pos));
        if (!m) this.fail('a named group is written (?<name>…)', at);
        this.pos += m[0].length;
      } else this.fail('unknown group type after "(?"', at);
    }
    const inner = this.alternation();
    if (this.peek() !== ')') this.fail('a "(" is never closed', at);
    this.pos++;
    return inner;
  }

  private escape(): RegexNode {
    const at = this.pos - 1;
    if (this.pos >= this.src.length) this.fail('the expression ends with a lone backslash', at);
    const c = this.src.charAt(this.pos++);
    const set = CLASS_ESCAPES[c];
    if (set) return { type: 'char', test: set, negated: false };
    if (c === 'b') return { type: 'assert', kind: 'word' };
    if (c === 'B') return { type: 'assert', kind: 'not-word' };
    return literal(this.escapedCode(c, at));
  }

  /** The code unit of an escape that stands for one character (outside or inside a class). */
  private escapedCode(c: string, at: number): number {
    const control = CONTROL_ESCAPES[c];
    if (control !== undefined) {
      if (c === '0' && isDigit(this.src.charCodeAt(this.pos)))
        this.fail('octal escapes are not supported', at);
      return control;
    }
    if (c >= '1' && c <= '9') {
      this.fail(
        'back-references such as \\1 are not supported (they cannot be matched safely)',
        at,
      );
    }
    if (c === 'x' || c === 'u') {
      const len = c === 'x' ? 2 : 4;
      const hex = this.src.slice(this.pos, this.pos + len);
      if (!new RegExp(`^[0-9A-Fa-f]{${len}}$`).test(hex))
        this.fail(`\\${c} must be followed by ${len} hex digits`, at);
      this.pos += len;
      return parseInt(hex, 16);
    }
    if (c === 'k') this.fail('named back-references (\\k<name>) are not supported', at);
    if (/[A-Za-z0-9]/.test(c)) this.fail(`\\${c} is not an escape this syntax knows`, at);
    return c.charCodeAt(0);
  }

  private charClass(at: number): RegexNode {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.pos++;
    }
    const tests: CharTest[] = [];
    const ranges: number[] = [];
    while (this.peek() !== ']') {
      if (this.pos >= this.src.length) this.fail('a "[" is never closed', at);
      const item = this.classAtom();
      if (
        typeof item === 'number' &&
        this.peek() === '-' &&
        this.peek(1) !== ']' &&
        this.pos + 1 < this.src.length
      ) {
        const dashAt = this.pos;
        this.pos++;
        const hi = this.classAtom();
        if (typeof hi !== 'number')
          this.fail('a range in [...] cannot end with a class such as \\d', dashAt);
        if (hi < item) this.fail('a range in [...] has its ends out of order', dashAt);
        ranges.push(item, hi);
      } else if (typeof item === 'number') ranges.push(item, item);
      else tests.push(item);
    }
    this.pos++;
    const inRanges: CharTest = (code) => {
      for (let i = 0; i < ranges.length; i += 2) {
        if (code >= (ranges[i] as number) && code <= (ranges[i + 1] as number)) return true;
      }
      return false;
    };
    const test: CharTest =
      tests.length === 0 ? inRanges : (code) => inRanges(code) || tests.some((t) => t(code));
    return { type: 'char', test, negated };
  }

  private classAtom(): number | CharTest {
    const at = this.pos;
    const c = this.src.charAt(this.pos++);
    if (c !== '\\') return c.charCodeAt(0);
    if (this.pos >= this.src.length) this.fail('the expression ends with a lone backslash', at);
    const e = this.src.charAt(this.pos++);
    const set = CLASS_ESCAPES[e];
    if (set) return set;
    if (e === 'b') return 8; // backspace inside a class, as in JavaScript
    if (e === '-') return 45;
    return this.escapedCode(e, at);
  }
}

function literal(code: number): RegexNode {
  return { type: 'char', test: (c) => c === code, negated: false };
}
