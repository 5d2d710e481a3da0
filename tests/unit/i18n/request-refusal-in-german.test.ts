// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Handlers } from '../../../electron/backend/router.js';
import { CHANNELS } from '../../../electron/shared/contract.js';
import { call, isBridgeError } from '../../../renderer/src/bridge.js';
import { errorText, fieldErrors } from '../../../renderer/src/composables/error-text.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';

/*
 * A malformed request refused by the real router, as the window shows it (issue 44): the envelope
 * crosses a structured clone as over Electron's IPC, the renderer's bridge turns it into its
 * error and errorText words it in German from the key and arguments, while the English `message`
 * for logs and --json stays as it was. No handler may run.
 */

const handler = vi.fn(async () => ({}));
const router = createRouter(Object.fromEntries(CHANNELS.map((c) => [c, handler])) as unknown as Handlers);

beforeEach(() => {
  handler.mockClear();
  // The preload's bridge: one function per channel, each answer structured-cloned like IPC's.
  const bridge = Object.fromEntries(
    CHANNELS.map((c) => [c, async (arg: unknown) => structuredClone(await router.dispatch(c, structuredClone(arg)))]),
  );
  Object.defineProperty(window, 'linkdeck', { value: bridge, configurable: true });
  setAppLocale('de');
});
afterEach(() => setAppLocale('en'));

/** Calls a channel with an argument its type refuses, and returns what was thrown. */
async function refused(channel: (typeof CHANNELS)[number], arg: unknown): Promise<unknown> {
  const error = await (call as (c: string, a: unknown) => Promise<unknown>)(channel, arg).then(
    () => null,
    (e: unknown) => e,
  );
  expect(isBridgeError(error)).toBe(true);
  expect(handler).not.toHaveBeenCalled();
  return error;
}

describe('a refused request in German', () => {
  it('a missing field', async () => {
    const error = await refused('links:create', {});
    expect(errorText(error)).toBe('Das Feld „url“ ist erforderlich.');
    expect((error as Error).message).toBe('url: Invalid input: expected string, received undefined');
  });

  it('an empty required field and a value that is too long, with the number of other problems', async () => {
    const error = await refused('channels:create', { name: '', color: 'x'.repeat(17) });
    expect(errorText(error)).toBe('Das Feld „name“ ist erforderlich. (und 1 weiteres Problem)');
    expect(fieldErrors(error)).toEqual({
      name: 'Das Feld „name“ ist erforderlich.',
      color: 'Das Feld „color“ ist zu lang: Erlaubt sind höchstens 16 Zeichen.',
    });
    const three = await refused('links:create', { url: '', custom: 'x'.repeat(65), status: 'hidden' });
    expect(errorText(three)).toBe('Das Feld „url“ ist erforderlich. (und 2 weitere Probleme)');
  });

  it('the wrong type, a value not among the choices, an unknown field and a bad date', async () => {
    expect(errorText(await refused('links:get', { id: 'seven' }))).toBe('Das Feld „id“ hat den falschen Typ: Erwartet wurde eine Zahl.');
    expect(errorText(await refused('links:create', { url: 'https://example.com', status: 'hidden' }))).toBe(
      'Das Feld „status“ hat einen unzulässigen Wert: Verwenden Sie einen von „public“ oder „private“.',
    );
    expect(errorText(await refused('links:delete', { id: 3, force: true }))).toBe(
      'Die Anfrage enthält ein Feld, das Linkdeck nicht annimmt: „force“.',
    );
    expect(errorText(await refused('links:create', { url: 'https://example.com', expiry: '31.12.2026' }))).toBe(
      'Das Feld „expiry“ ist kein Datum mit Uhrzeit im Format JJJJ-MM-TT HH:MM:SS.',
    );
  });

  it('a refinement names its problem, not its English', async () => {
    expect(errorText(await refused('links:get', { id: 0 }))).toBe('Das Feld „id“ ist keine gültige ID.');
    expect(errorText(await refused('profiles:switch', { id: 'not an id' }))).toBe('Das Feld „id“ ist keine gültige ID.');
    expect(errorText(await refused('transfer:start', { targetProfileId: 'p', mode: 'copy', ids: [4, 4], createMissing: true, aliasTaken: 'skip' }))).toBe(
      'Das Feld „ids“ enthält denselben Eintrag zweimal.',
    );
  });

  it('stays English in English, with the same words as the log', async () => {
    setAppLocale('en');
    const error = await refused('links:create', {});
    expect(errorText(error)).toBe('The field “url” is required.');
  });
});
