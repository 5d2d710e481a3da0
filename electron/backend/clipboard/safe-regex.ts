import {
  isWordChar,
  parseRegex,
  parseRegexLiteral,
  RegexSyntaxError,
  type RegexNode,
} from './regex-parse.js';

/**
 * Regular expressions from people's clipboard rules, run as a Thompson NFA (a set of states
 * advanced one character at a time, never backtracking): the time to test a URL grows with the
 * URL's length times the expression's size, whatever the expression. `(a+)+$`, `(a|a)*b` or
 * `.*.*.*x` cannot freeze the watcher the way they freeze a backtracking engine.
 */
export interface SafeRegex {
  readonly source: string;
  readonly ignoreCase: boolean;
  /** Whether the expression matches anywhere in `text` (like RegExp.prototype.test). */
  test(text: string): boolean;
}

/** Longest expression accepted. */
export const SAFE_REGEX_MAX_SOURCE = 300;
/** Most NFA states an expression may compile to (bounds memory and the time per character). */
export const SAFE_REGEX_MAX_STATES = 5000;

const CHAR = 0;
const SPLIT = 1;
const ASSERT = 2;
const MATCH = 3;

type AssertKind = 'start' | 'end' | 'word' | 'not-word';

interface Program {
  kind: number[];
  out1: number[];
  out2: number[];
  test: (((code: number) => boolean) | null)[];
  assert: (AssertKind | null)[];
  start: number;
}

export type SafeRegexResult = { ok: true; regex: SafeRegex } | { ok: false; message: string };

/** Compiles `/source/` or `/source/i` as written in a rule. */
export function compileRegexLiteral(text: string): SafeRegexResult {
  try {
    const { source, ignoreCase } = parseRegexLiteral(text);
    return compileSafeRegex(source, ignoreCase);
  } catch (error) {
    if (error instanceof RegexSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}

export function compileSafeRegex(source: string, ignoreCase = false): SafeRegexResult {
  if (source.length > SAFE_REGEX_MAX_SOURCE) {
    return {
      ok: false,
      message: `The regular expression is ${source.length} characters long; keep it to ${SAFE_REGEX_MAX_SOURCE}.`,
    };
  }
  try {
    const program = compile(parseRegex(source), ignoreCase);
    return {
      ok: true,
      regex: {
        source,
        ignoreCase,
        test: (text) => run(program, ignoreCase ? text.toLowerCase() : text),
      },
    };
  } catch (error) {
    if (error instanceof RegexSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
}

function compile(root: RegexNode, ignoreCase: boolean): Program {
  const p: Program = { kind: [], out1: [], out2: [], test: [], assert: [], start: 0 };
  const add = (kind: number, out1: number, out2 = -1): number => {
    if (p.kind.length >= SAFE_REGEX_MAX_STATES) {
      throw new RegexSyntaxError(
        'The regular expression is too large once its repetitions are counted out (for example (a{100}){100}); make the counts smaller',
      );
    }
    p.kind.push(kind);
    p.out1.push(out1);
    p.out2.push(out2);
    p.test.push(null);
    p.assert.push(null);
    return p.kind.length - 1;
  };

  // Built back to front: each node is compiled knowing the state that follows it.
  const build = (node: RegexNode, next: number): number => {
    switch (node.type) {
      case 'empty':
        return next;
      case 'char': {
        const s = add(CHAR, next);
        p.test[s] = charTest(node.test, node.negated, ignoreCase);
        return s;
      }
      case 'assert': {
        const s = add(ASSERT, next);
        p.assert[s] = node.kind;
        return s;
      }
      case 'seq': {
        let s = next;
        for (let i = node.items.length - 1; i >= 0; i--) s = build(node.items[i] as RegexNode, s);
        return s;
      }
      case 'alt': {
        let s = build(node.options[node.options.length - 1] as RegexNode, next);
        for (let i = node.options.length - 2; i >= 0; i--)
          s = add(SPLIT, build(node.options[i] as RegexNode, next), s);
        return s;
      }
      case 'repeat': {
        let s = next;
        if (node.max === Infinity) {
          const loop = add(SPLIT, -1, next);
          p.out1[loop] = build(node.node, loop);
          s = loop;
        } else {
          for (let i = node.min; i < node.max; i++) s = add(SPLIT, build(node.node, s), next);
        }
        for (let i = 0; i < node.min; i++) s = build(node.node, s);
        return s;
      }
    }
  };
  p.start = build(root, add(MATCH, -1));
  return p;
}

/**
 * The text is lowercased once when ignoring case, so a character matches when it or its
 * uppercase form is in the set; negation applies after that folding, as in JavaScript.
 */
function charTest(
  members: (code: number) => boolean,
  negated: boolean,
  ignoreCase: boolean,
): (code: number) => boolean {
  if (!ignoreCase) return negated ? (c) => !members(c) : members;
  const folded = (c: number): boolean => {
    if (members(c)) return true;
    const upper = String.fromCharCode(c).toUpperCase();
    return upper.length === 1 && members(upper.charCodeAt(0));
  };
  return negated ? (c) => !folded(c) : folded;
}

function run(p: Program, text: string): boolean {
  const n = text.length;
  const size = p.kind.length;
  let current = new Int32Array(size);
  let next = new Int32Array(size);
  const mark = new Int32Array(size).fill(-1);
  const stack = new Int32Array(size * 2 + 1);

  const wordAt = (i: number): boolean => i >= 0 && i < n && isWordChar(text.charCodeAt(i));
  const holds = (kind: AssertKind, at: number): boolean => {
    switch (kind) {
      case 'start':
        return at === 0;
      case 'end':
        return at === n;
      case 'word':
        return wordAt(at - 1) !== wordAt(at);
      case 'not-word':
        return wordAt(at - 1) === wordAt(at);
    }
  };
  /** Adds `state` and every state reachable from it without reading; true when MATCH is reached. */
  const addClosure = (
    list: Int32Array,
    count: number,
    state: number,
    at: number,
    generation: number,
  ): number => {
    let top = 0;
    stack[top++] = state;
    while (top > 0) {
      const s = stack[--top] as number;
      if (s < 0 || mark[s] === generation) continue;
      mark[s] = generation;
      switch (p.kind[s]) {
        case MATCH:
          return -1;
        case CHAR:
          list[count++] = s;
          break;
        case SPLIT:
          stack[top++] = p.out2[s] as number;
          stack[top++] = p.out1[s] as number;
          break;
        case ASSERT:
          if (holds(p.assert[s] as AssertKind, at)) stack[top++] = p.out1[s] as number;
          break;
      }
    }
    return count;
  };

  let currentCount = addClosure(current, 0, p.start, 0, 0);
  if (currentCount < 0) return true;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    const generation = i + 1;
    let nextCount = 0;
    for (let k = 0; k < currentCount; k++) {
      const s = current[k] as number;
      if ((p.test[s] as (c: number) => boolean)(code)) {
        nextCount = addClosure(next, nextCount, p.out1[s] as number, i + 1, generation);
        if (nextCount < 0) return true;
      }
    }
    // Unanchored search: a match may also begin after this character.
    nextCount = addClosure(next, nextCount, p.start, i + 1, generation);
    if (nextCount < 0) return true;
    [current, next] = [next, current];
    currentCount = nextCount;
  }
  return false;
}
