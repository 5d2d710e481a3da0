/*
 * Every message file of one language, as one chunk the renderer loads when the language is
 * first wanted (messages.ts). It imports nothing but JSON: the module that loads it waits for it
 * (i18n/index.ts), so it must not depend back on that module's chunk. The first script's few
 * words (firstPaint.json) are its own, not vue-i18n's: left out, so they stay in that script.
 */
export const renderer = import.meta.glob(['../locales/es/*.json', '!../locales/es/firstPaint.json'], { eager: true, import: 'default' });
export const shared = import.meta.glob('../../../../electron/shared/i18n/locales/es/*.json', { eager: true, import: 'default' });
