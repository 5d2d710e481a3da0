import type { SupportedLocale } from '../../../electron/shared/i18n/locales.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import type { MessageTree } from '../../../electron/shared/i18n/translate.js';

/*
 * Every message the renderer shows, per locale: its own areas (one JSON file per area in
 * ./locales/<locale>/<area>.json, the file's name being the first part of the key, so
 * `links.json`'s `count` is `links.count`) and the areas shared with the Electron shell and the
 * command line (electron/shared/i18n). Adding an area is adding its five files: nothing to
 * register.
 */
const files = import.meta.glob<MessageTree>('./locales/*/*.json', { eager: true, import: 'default' });

function renderMessages(): Record<SupportedLocale, MessageTree> {
  const out = {} as Record<SupportedLocale, MessageTree>;
  for (const [locale, shared] of Object.entries(SHARED_MESSAGES) as [SupportedLocale, MessageTree][]) out[locale] = { ...shared };
  for (const [path, tree] of Object.entries(files)) {
    const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, locale, area] = m as unknown as [string, SupportedLocale, string];
    (out[locale] ??= {})[area] = tree;
  }
  return out;
}

export const MESSAGES = renderMessages();
