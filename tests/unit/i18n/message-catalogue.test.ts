import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../electron/shared/i18n/locales.js';
import { flattenMessages, type MessageTree } from '../../../electron/shared/i18n/translate.js';

/*
 * The message files' own check: every locale has exactly English's keys, every message is valid
 * ICU MessageFormat with the same arguments as its English original, and every key is used by
 * the code (written out in full, so a search finds it: a key built from parts at run time would
 * hide from this check and from the next person reading the code).
 */

const root = resolve(import.meta.dirname, '../../..');
const CATALOGUES = ['renderer/src/i18n/locales', 'electron/shared/i18n/locales'];

function readCatalogue(dir: string, locale: string): Map<string, string> {
  const tree: MessageTree = {};
  const folder = join(root, dir, locale);
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    tree[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(folder, file), 'utf8')) as MessageTree;
  }
  return flattenMessages(tree);
}

/** The argument names a message uses, nested plurals and selects included. */
function argumentsOf(message: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: unknown): void => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as Array<{ value?: unknown; options?: Record<string, { value: unknown }>; children?: unknown }>) {
      if (typeof node.value === 'string' && 'type' in node && (node as { type: number }).type !== 0) names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
      walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst());
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'locales') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|vue|mts|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

describe.each(CATALOGUES)('the message files in %s', (dir) => {
  const english = readCatalogue(dir, 'en');

  it.each(SUPPORTED_LOCALES.filter((l) => l !== 'en'))('%s has every English key and no other', (locale) => {
    const own = readCatalogue(dir, locale);
    expect({ missing: [...english.keys()].filter((k) => !own.has(k)), extra: [...own.keys()].filter((k) => !english.has(k)) }).toEqual({ missing: [], extra: [] });
  });

  it.each(SUPPORTED_LOCALES)('%s: every message is valid ICU with the English arguments, and none writes "(s)"', (locale) => {
    const own = readCatalogue(dir, locale);
    const wrong: string[] = [];
    for (const [key, message] of own) {
      const source = english.get(key);
      if (source === undefined) continue;
      try {
        const args = argumentsOf(message, locale);
        if (JSON.stringify(args) !== JSON.stringify(argumentsOf(source, 'en'))) wrong.push(`${key}: arguments ${args.join(',')} differ from English's`);
      } catch (error) {
        wrong.push(`${key}: ${(error as Error).message}`);
      }
      if (/\w\(s\)/.test(message)) wrong.push(`${key}: writes "(s)" instead of a plural`);
    }
    expect(wrong).toEqual([]);
  });

  it('every key is used by the code, written out in full', () => {
    const code = ['renderer/src', 'electron']
      .flatMap((d) => sourceFiles(join(root, d)))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused = [...english.keys()].filter((key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`) && !code.includes(`\`${key}\``));
    expect(unused.map((k) => `${relative(root, join(root, dir))}: ${k}`)).toEqual([]);
  });
});
