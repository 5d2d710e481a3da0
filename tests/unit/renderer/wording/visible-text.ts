import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { parse as parseSfc } from 'vue/compiler-sfc';

/**
 * The words of the renderer as a person meets them, pulled out of the source: the text and the
 * shown attributes (title, placeholder, aria-label, …) of every .vue template, and every string
 * literal of its scripts, its template expressions and the renderer's .ts modules that reads
 * like words (a space in it, or a capital first letter) rather than like code (a key, a test id,
 * a channel name). Comments are not read: only what can end up on screen or in a screen reader.
 */
export interface VisibleText {
  /** Path from the repository root. */
  file: string;
  line: number;
  text: string;
}

/** Attributes whose static value is shown or read out. */
const SHOWN_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'alt',
  'label',
  'content',
  'description',
  'positive-text',
  'negative-text',
  'empty',
  'summary',
]);

// Vue's template AST node kinds (@vue/compiler-core NodeTypes), by number: the enum is not exported
// as a value from vue/compiler-sfc's typings in a way a test can import without the compiler-core
// package, which is not a direct dependency.
const ELEMENT = 1;
const TEXT = 2;
const INTERPOLATION = 5;
const ATTRIBUTE = 6;
const DIRECTIVE = 7;

/** Reads like words: a space in it, or a capital followed by a lower-case letter ("Outbox"). */
export function readsLikeWords(text: string): boolean {
  const t = text.trim();
  if (!/[A-Za-z]{2}/.test(t)) return false;
  return /\s/.test(t) || /^[A-Z][a-z]/.test(t);
}

/** The string literals of a piece of TypeScript (a module, a script block, a template expression). */
export function stringsOf(source: string, fileName: string, lineOffset = 0): Array<{ line: number; text: string }> {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Array<{ line: number; text: string }> = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 + lineOffset;
  const visit = (node: ts.Node): void => {
    // Module names, and the keys of property access/element access, are code.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const isKey = parent && (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node;
      const isIndex = parent && ts.isElementAccessExpression(parent) && parent.argumentExpression === node;
      if (!isKey && !isIndex) out.push({ line: lineOf(node), text: node.text });
      return;
    }
    if (ts.isTemplateExpression(node)) {
      // The fixed parts with a placeholder where a value goes: "… from the mirror, {…}."
      const text = node.head.text + node.templateSpans.map((span) => `{…}${span.literal.text}`).join('');
      out.push({ line: lineOf(node), text });
      for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

interface TemplateNode {
  type: number;
  content?: unknown;
  children?: TemplateNode[];
  tag?: string;
  props?: Array<{
    type: number;
    name: string;
    value?: { content: string } | null;
    arg?: { content?: string } | null;
    exp?: { content: string; loc: { start: { line: number } } } | null;
    loc: { start: { line: number } };
  }>;
  branches?: TemplateNode[];
  loc: { start: { line: number } };
}

function templateTexts(node: TemplateNode, push: (line: number, text: string, fromCode: boolean) => void): void {
  if (node.type === TEXT && typeof node.content === 'string') push(node.loc.start.line, node.content, false);
  if (node.type === INTERPOLATION) {
    const exp = node.content as { content?: string; loc: { start: { line: number } } } | undefined;
    if (exp?.content) for (const s of stringsOf(exp.content, 'expression.ts', exp.loc.start.line - 1)) push(s.line, s.text, true);
  }
  if (node.type === ELEMENT) {
    for (const prop of node.props ?? []) {
      if (prop.type === ATTRIBUTE && SHOWN_ATTRIBUTES.has(prop.name) && prop.value) push(prop.loc.start.line, prop.value.content, false);
      if (prop.type === DIRECTIVE && prop.exp?.content) {
        for (const s of stringsOf(prop.exp.content, 'expression.ts', prop.exp.loc.start.line - 1)) push(s.line, s.text, true);
      }
    }
  }
  for (const child of node.children ?? []) templateTexts(child, push);
  for (const branch of node.branches ?? []) templateTexts(branch, push);
}

/** The visible words of one file (.vue or .ts); `source` stands in for the file's text when given. */
export function visibleTexts(root: string, path: string, source = readFileSync(path, 'utf8')): VisibleText[] {
  const file = relative(root, path);
  const out: VisibleText[] = [];
  const push = (line: number, text: string, fromCode: boolean) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) return;
    // Template text is shown as it is; a string in code only when it reads like words.
    if (fromCode && !readsLikeWords(clean)) return;
    out.push({ file, line, text: clean });
  };
  if (path.endsWith('.vue')) {
    const { descriptor } = parseSfc(source, { filename: path });
    if (descriptor.template?.ast) templateTexts(descriptor.template.ast as unknown as TemplateNode, push);
    for (const block of [descriptor.script, descriptor.scriptSetup]) {
      if (!block) continue;
      for (const s of stringsOf(block.content, `${path}.ts`, block.loc.start.line - 1)) push(s.line, s.text, true);
    }
  } else {
    for (const s of stringsOf(source, path)) push(s.line, s.text, true);
  }
  return out;
}

/**
 * The messages of the errors the backend and the service raise for people (`AppError.of(code,
 * 'message')`): they reach the screen through the renderer's errorText.
 */
export function appErrorMessages(root: string, path: string, source = readFileSync(path, 'utf8')): VisibleText[] {
  const file = relative(root, path);
  const sf = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const out: VisibleText[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.getText(sf) === 'AppError.of' && node.arguments[1]) {
      for (const s of stringsOf(node.arguments[1].getText(sf), 'message.ts')) {
        out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + s.line, text: s.text.replace(/\s+/g, ' ').trim() });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Where a .vue template uses a component (`NAlert`), with whether it sets the given prop (static or bound). */
export function componentUses(root: string, path: string, tag: string, prop: string, source = readFileSync(path, 'utf8')): Array<{ file: string; line: number; hasProp: boolean }> {
  const file = relative(root, path);
  const out: Array<{ file: string; line: number; hasProp: boolean }> = [];
  const { descriptor } = parseSfc(source, { filename: path });
  const walk = (node: TemplateNode): void => {
    if (node.type === ELEMENT && node.tag === tag) {
      const hasProp = (node.props ?? []).some((p) => (p.type === ATTRIBUTE && p.name === prop) || (p.type === DIRECTIVE && p.name === 'bind' && p.arg?.content === prop));
      out.push({ file, line: node.loc.start.line, hasProp });
    }
    for (const child of node.children ?? []) walk(child);
    for (const branch of node.branches ?? []) walk(branch);
  };
  if (descriptor.template?.ast) walk(descriptor.template.ast as unknown as TemplateNode);
  return out;
}

/** Every .vue and .ts file under a folder (tests and type declarations left out). */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(vue|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/**
 * The English messages (renderer/src/i18n/locales/en and electron/shared/i18n/locales/en): since
 * the words moved out of the templates into the message files, these are what a person reads.
 * `line` is the message's place in its file; `text` its words with ICU arguments left in.
 */
export function englishMessages(root: string): VisibleText[] {
  const out: VisibleText[] = [];
  // The app's words; the command line's (`cli.json`) name its commands, `linkdeck outbox` among them.
  for (const dir of ['renderer/src/i18n/locales/en', 'electron/shared/i18n/locales/en']) {
    for (const name of readdirSync(resolve(root, dir)).filter((n) => n.endsWith('.json') && n !== 'cli.json')) {
      const path = resolve(root, dir, name);
      let index = 0;
      const walk = (node: unknown): void => {
        // ICU's own syntax is not shown: `{what, select,` and each option's key (`outbox {…}`).
        const shown = (m: string) => m.replace(/\{\s*\w+\s*,\s*(plural|select|selectordinal)\s*,/g, '{').replace(/(=?[\w-]+)\s*\{/g, '{');
        if (typeof node === 'string') out.push({ file: relative(root, path), line: ++index, text: shown(node) });
        else if (node && typeof node === 'object') Object.values(node).forEach(walk);
      };
      walk(JSON.parse(readFileSync(path, 'utf8')));
    }
  }
  return out;
}
