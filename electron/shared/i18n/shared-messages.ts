import type { SupportedLocale } from './locales.js';
import type { MessageTree } from './translate.js';
import { SHARED_ENGLISH } from './shared-english.js';
import errors_de from './locales/de/errors.json' with { type: 'json' };
import errors_fr from './locales/fr/errors.json' with { type: 'json' };
import errors_es from './locales/es/errors.json' with { type: 'json' };
import errors_ptBR from './locales/pt-BR/errors.json' with { type: 'json' };
import validation_de from './locales/de/validation.json' with { type: 'json' };
import validation_fr from './locales/fr/validation.json' with { type: 'json' };
import validation_es from './locales/es/validation.json' with { type: 'json' };
import validation_ptBR from './locales/pt-BR/validation.json' with { type: 'json' };
import desktop_de from './locales/de/desktop.json' with { type: 'json' };
import desktop_fr from './locales/fr/desktop.json' with { type: 'json' };
import desktop_es from './locales/es/desktop.json' with { type: 'json' };
import desktop_ptBR from './locales/pt-BR/desktop.json' with { type: 'json' };
import cli_de from './locales/de/cli.json' with { type: 'json' };
import cli_fr from './locales/fr/cli.json' with { type: 'json' };
import cli_es from './locales/es/cli.json' with { type: 'json' };
import cli_ptBR from './locales/pt-BR/cli.json' with { type: 'json' };
import importNotes_de from './locales/de/importNotes.json' with { type: 'json' };
import importNotes_fr from './locales/fr/importNotes.json' with { type: 'json' };
import importNotes_es from './locales/es/importNotes.json' with { type: 'json' };
import importNotes_ptBR from './locales/pt-BR/importNotes.json' with { type: 'json' };

/*
 * The messages that leave the renderer's reach: the backend's error sentences (`errors`), the
 * shared validators' field messages (`validation`), the Electron shell's tray, menu, quick-shorten
 * window title and notifications (`desktop`), the command line's human output (`cli`) and the
 * bulk import's notes and row errors, which the shared import code and the bulk job store keep as
 * keys (`importNotes`). Static imports, because the command line and the Electron main process
 * are bundled without Vite's glob imports. The renderer reads these files too
 * (renderer/src/i18n/messages.ts), so a backend error reads the same in the app and the terminal.
 */
export const SHARED_MESSAGES: Record<SupportedLocale, MessageTree> = {
  'en': SHARED_ENGLISH,
  'de': { errors: errors_de, validation: validation_de, desktop: desktop_de, cli: cli_de, importNotes: importNotes_de },
  'fr': { errors: errors_fr, validation: validation_fr, desktop: desktop_fr, cli: cli_fr, importNotes: importNotes_fr },
  'es': { errors: errors_es, validation: validation_es, desktop: desktop_es, cli: cli_es, importNotes: importNotes_es },
  'pt-BR': { errors: errors_ptBR, validation: validation_ptBR, desktop: desktop_ptBR, cli: cli_ptBR, importNotes: importNotes_ptBR },
};
