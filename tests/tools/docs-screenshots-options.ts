/**
 * The command line of `npm run docs:screenshots`: `--locale <tag>` draws the pictures in that
 * language (the browser's locale and Accept-Language, which the renderer follows) into a folder
 * of their own; without it they are English, in the docs' own folder.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContextOptions } from '@playwright/test';

export interface PictureOptions {
  /** The canonical language tag (`pt-BR` for `pt-br`), or null: English. */
  locale: string | null;
  /** Given to every browser context: its locale and the languages its requests ask for. */
  contextOptions: BrowserContextOptions;
  /** Where the docs' pictures go: docs/images/, or docs/images/<locale>/. */
  docsDir: string;
  /** Where the other sizes go: out/screenshots/, or out/screenshots/<locale>/. */
  otherSizesDir: string;
}

/** Reads the arguments; a wrong one throws with words that say what to give instead. */
export function pictureOptions(args: string[], root: string): PictureOptions {
  const { values } = parseArgs({ args, options: { locale: { type: 'string' } }, strict: true, allowPositionals: false });
  const locale = values.locale === undefined ? null : canonical(values.locale);
  return {
    locale,
    contextOptions: locale ? { locale, extraHTTPHeaders: { 'Accept-Language': locale } } : {},
    docsDir: join(root, 'docs/images', locale ?? ''),
    otherSizesDir: join(root, 'out/screenshots', locale ?? ''),
  };
}

function canonical(given: string): string {
  try {
    const [tag] = Intl.getCanonicalLocales(given);
    if (tag) return tag;
  } catch {
    // Said below, with what was given.
  }
  throw new Error(`--locale "${given}" is not a language tag (such as de, fr or pt-BR).`);
}
