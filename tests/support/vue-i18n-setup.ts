import { config } from '@vue/test-utils';
import { i18n, setAppLocale } from '../../renderer/src/i18n/index.js';

// Every mounted component gets the app's vue-i18n, in English unless a test switches it
// (setAppLocale), as app-start.ts installs it in the real renderer.
config.global.plugins.push(i18n);
setAppLocale('en');
