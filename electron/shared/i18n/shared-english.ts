import type { MessageTree } from './translate.js';
import cli from './locales/en/cli.json' with { type: 'json' };
import desktop from './locales/en/desktop.json' with { type: 'json' };
import errors from './locales/en/errors.json' with { type: 'json' };
import importNotes from './locales/en/importNotes.json' with { type: 'json' };
import validation from './locales/en/validation.json' with { type: 'json' };

/**
 * The shared areas in English, on their own: message-ref.ts's englishText needs them in every
 * process, and the renderer must not pull every language in with it (it loads the others when
 * wanted). shared-messages.ts uses this same list for 'en', so an area added here is in both.
 */
export const SHARED_ENGLISH: MessageTree = { errors, validation, desktop, cli, importNotes };
