import { config } from '@vue/test-utils';
import { SUPPORTED_LOCALES } from '../../electron/shared/i18n/locales.js';
import { i18n, setAppLocale } from '../../renderer/src/i18n/index.js';

// Every mounted component gets the app's vue-i18n, in English unless a test switches it
// (setAppLocale), as app-start.ts installs it in the real renderer. Every language is loaded
// here once (the app loads each when first wanted), so a test's setAppLocale('de') switches at
// once, as the app's does for a language it has loaded.
config.global.plugins.push(i18n);
for (const locale of SUPPORTED_LOCALES) await setAppLocale(locale);
await setAppLocale('en');
