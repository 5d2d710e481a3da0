import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenMessages, type MessageTree } from '../../../electron/shared/i18n/translate.js';

/*
 * French typography, as renderer/src/i18n/glossary/fr.md asks (issue 44): « … » with narrow
 * no-break spaces (U+202F) inside, and a no-break space (U+00A0 before “:”, U+202F before “;”,
 * “!”, “?”) so a mark never wraps onto a line of its own. A plain space there is the slip this
 * finds. ICU number skeletons (“{n, number, ::.0}”) are syntax, not French, and are left alone.
 */
const root = resolve(import.meta.dirname, '../../..');
const FOLDERS = ['renderer/src/i18n/locales/fr', 'electron/shared/i18n/locales/fr'];

function frenchMessages(): Array<[string, string]> {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((f) => f.endsWith('.json'))
      .flatMap((file) => {
        const tree = { [file.replace(/\.json$/, '')]: JSON.parse(readFileSync(join(root, folder, file), 'utf8')) as MessageTree };
        return [...flattenMessages(tree)].map(([key, message]): [string, string] => [`${folder}/${key}`, message]);
      }),
  );
}

describe('French messages space their punctuation the French way', () => {
  const messages = frenchMessages();

  it('reads the French message files', () => {
    expect(messages.length).toBeGreaterThan(500);
  });

  it('puts a narrow no-break space inside « », never a plain space or none', () => {
    const wrong = messages.filter(([, m]) => /«(?!\u202f)|(?<!\u202f)»/.test(m)).map(([k]) => k);
    expect(wrong).toEqual([]);
  });

  it('puts a no-break space before : ; ! ?, never a plain one', () => {
    const wrong = messages.filter(([, m]) => /(?<!,) :(?!:)| [;!?]/.test(m)).map(([k]) => k);
    expect(wrong).toEqual([]);
  });
});
