import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pictureOptions } from '../../tools/docs-screenshots-options.js';

const ROOT = '/checkout';

describe('npm run docs:screenshots -- --locale', () => {
  it('without --locale: English pictures in the docs own folder, the browser left as it is', () => {
    expect(pictureOptions([], ROOT)).toEqual({
      locale: null,
      contextOptions: {},
      docsDir: join(ROOT, 'docs/images'),
      otherSizesDir: join(ROOT, 'out/screenshots'),
    });
  });

  it('with --locale: the browser context speaks it (locale and Accept-Language), the pictures go to a folder of their own', () => {
    expect(pictureOptions(['--locale', 'de'], ROOT)).toEqual({
      locale: 'de',
      contextOptions: { locale: 'de', extraHTTPHeaders: { 'Accept-Language': 'de' } },
      docsDir: join(ROOT, 'docs/images/de'),
      otherSizesDir: join(ROOT, 'out/screenshots/de'),
    });
    // One spelling per language, so one folder: pt-br and pt-BR are the same pictures.
    expect(pictureOptions(['--locale=pt-br'], ROOT).docsDir).toBe(join(ROOT, 'docs/images/pt-BR'));
  });

  it('refuses what is not a language tag, and options it does not have, in words', () => {
    expect(() => pictureOptions(['--locale', 'no way'], ROOT)).toThrow('--locale "no way" is not a language tag (such as de, fr or pt-BR).');
    expect(() => pictureOptions(['--locale', '../../etc'], ROOT)).toThrow('is not a language tag');
    expect(() => pictureOptions(['--lang', 'de'], ROOT)).toThrow(/Unknown option '--lang'/);
  });
});
