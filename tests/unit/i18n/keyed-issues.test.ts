import { afterEach, describe, expect, it } from 'vitest';
import { invalidSettings } from '../../../electron/backend/clipboard/clipboard-app.js';
import { validateClipboardSettings } from '../../../electron/backend/clipboard/settings.js';
import { toAppError } from '../../../electron/backend/app-error.js';
import type { ClipboardSettingsIssue } from '../../../electron/shared/clipboard-rules.js';
import { unwrap } from '../../../renderer/src/bridge.js';
import { errorText, fieldErrors, issueMessage } from '../../../renderer/src/composables/error-text.js';
import { validateConnect } from '../../../renderer/src/composables/validation.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';

/*
 * Issue 44: validation issues from the shared checks and the backend carry a key and arguments,
 * shown next to the field in the person's language, with a real plural where a count is said.
 */

afterEach(() => setAppLocale('en'));

/** The backend's refusal of settings, as the renderer receives it over the boundary. */
function refusal(issues: ClipboardSettingsIssue[]): unknown {
  const envelope = JSON.parse(JSON.stringify({ ok: false, error: toAppError(invalidSettings(issues)) })) as unknown;
  try {
    unwrap(envelope);
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
}

function issuesOf(input: unknown): ClipboardSettingsIssue[] {
  const result = validateClipboardSettings(input);
  if (result.ok) throw new Error('the settings were accepted');
  return result.issues;
}

describe('a validation issue in Spanish', () => {
  it('the connect form says what is wrong with each field in Spanish', () => {
    setAppLocale('es');
    expect(validateConnect({ name: '', baseUrl: 'links.example.com', apiKey: 'two words' })).toEqual({
      name: 'Ponle un nombre al perfil.',
      baseUrl: 'La dirección debe empezar por https:// o http:// (por ejemplo, https://links.example.com).',
      apiKey: 'Una clave de API no tiene espacios ni saltos de línea: comprueba que copiaste solo la clave.',
    });
  });

  it('a field the backend refused shows its issue in Spanish, its arguments kept', () => {
    const error = refusal(issuesOf({ pollIntervalMs: 5 }));
    setAppLocale('es');
    expect(fieldErrors(error)).toEqual({
      pollIntervalMs: 'El portapapeles se lee cada 100 a 500 ms; escribe un número entero dentro de ese rango.',
    });
  });

  it('an issue without a key is shown in the words it came with', () => {
    setAppLocale('es');
    expect(issueMessage({ message: 'Unexpected token in pattern.' })).toBe('Unexpected token in pattern.');
  });
});

describe('a plural argument in Brazilian Portuguese', () => {
  it('says one refused field without a count, and several with the count', () => {
    const one = refusal(issuesOf({ enabled: 'yes' }));
    const three = refusal(issuesOf({ enabled: 'yes', paused: 1, offline: 'later' }));
    // English stays the words the logs and --json always had.
    expect((one as Error).message).toBe('The clipboard settings were not saved: "enabled" must be true or false.');
    expect((three as Error).message).toBe(
      'The clipboard settings were not saved: 3 fields need attention. The first: "enabled" must be true or false.',
    );
    setAppLocale('pt-BR');
    expect(errorText(one)).toBe('As configurações do monitoramento da área de transferência não foram salvas: “enabled” precisa ser true ou false.');
    expect(errorText(three)).toBe(
      'As configurações do monitoramento da área de transferência não foram salvas: 3 campos precisam de atenção. O primeiro: “enabled” precisa ser true ou false.',
    );
  });
});
