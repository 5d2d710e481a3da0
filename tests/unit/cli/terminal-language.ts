import { vi } from 'vitest';

/*
 * The command line's modules read the terminal's language (and colour) once, as they load, so a
 * test of what it says in a language loads them afresh under that language. Shared by the CLI's
 * German tests, which each import the modules they need after `setTerminalLanguage`.
 */

const saved = { ...process.env };

/** A terminal under `lang` (LANG alone decides) without colour; the next `import()`s load afresh. */
export function setTerminalLanguage(lang: string): void {
  vi.resetModules();
  for (const name of ['LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'NO_COLOR', 'FORCE_COLOR']) delete process.env[name];
  process.env['LANG'] = lang;
  process.env['NO_COLOR'] = '1';
}

/** For `afterEach`: the environment as it was when the test file loaded, and no module kept. */
export function restoreTerminal(): void {
  process.env = { ...saved };
  vi.resetModules();
}
