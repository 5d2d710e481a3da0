import type { SupportedLocale } from '../../../electron/shared/i18n/locales.js';
import type { MessageTree } from '../../../electron/shared/i18n/translate.js';

/*
 * Every message the renderer shows, per locale: its own areas (one JSON file per area in
 * ./locales/<locale>/<area>.json, the file's name being the first part of the key, so
 * `links.json`'s `count` is `links.count`) and the areas shared with the Electron shell and the
 * command line (electron/shared/i18n/locales/<locale>/<area>.json). Adding an area is adding its
 * five files: nothing to register.
 *
 * English is bundled with the app: it is the fallback and the language most windows open in.
 * Every other language is a chunk of its own (./bundles/<locale>.ts), loaded the first time it
 * is wanted (issue 44: all five in the app's code made one 867 kB chunk that every window parsed
 * before its first paint). loadMessages answers once the language's words are there.
 */
type Files = Record<string, unknown>;

// firstPaint.json is the first script's own (first-paint-words.ts), not vue-i18n's.
const englishFiles = import.meta.glob(['./locales/en/*.json', '!./locales/en/firstPaint.json'], { eager: true, import: 'default' });
const englishShared = import.meta.glob('../../../electron/shared/i18n/locales/en/*.json', { eager: true, import: 'default' });

/** The areas of one language's files: `…/<locale>/<area>.json` becomes `<area>`. */
export function areasOf(...groups: Files[]): MessageTree {
  const out: MessageTree = {};
  for (const files of groups) {
    for (const [path, tree] of Object.entries(files)) {
      const area = /\/([^/]+)\.json$/.exec(path)?.[1];
      if (area) out[area] = tree as MessageTree;
    }
  }
  return out;
}

/** The English messages, there from the start. */
export const ENGLISH_MESSAGES: MessageTree = areasOf(englishShared, englishFiles);

/** Each other language's chunk; the paths are literal so the bundler sees each one. */
const BUNDLES: Record<Exclude<SupportedLocale, 'en'>, () => Promise<{ renderer: Files; shared: Files }>> = {
  de: () => import('./bundles/de.js'),
  fr: () => import('./bundles/fr.js'),
  es: () => import('./bundles/es.js'),
  'pt-BR': () => import('./bundles/pt-BR.js'),
};

const loading = new Map<SupportedLocale, Promise<MessageTree>>();

/** The messages of `locale`, loaded once (English at once). A failed load is tried again on the next call. */
export function loadMessages(locale: SupportedLocale): Promise<MessageTree> {
  if (locale === 'en') return Promise.resolve(ENGLISH_MESSAGES); // DEFAULT_LOCALE, the fallback
  let pending = loading.get(locale);
  if (!pending) {
    pending = BUNDLES[locale]().then((bundle) => areasOf(bundle.shared, bundle.renderer));
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}
