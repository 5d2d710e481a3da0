import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * The command line says a backend error from its key in the person's language, nested messages
 * included ("while listing links" is a message of its own): a nested ref must be said whole, not
 * printed as "[object Object]".
 */

const saved = { ...process.env };

async function cliI18nIn(lang: string) {
  vi.resetModules();
  for (const name of ['LANGUAGE', 'LC_ALL', 'LC_MESSAGES']) delete process.env[name];
  process.env['LANG'] = lang;
  return import('../../../electron/cli/i18n.js');
}

afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

const timeout = {
  message: 'The service did not answer within 30 seconds while listing links.',
  key: 'errors.network.noAnswerWithin',
  params: { seconds: 30, what: { key: 'errors.doing.listLinks' } },
};

describe('errorText on the command line', () => {
  it('says a nested message in German, as one sentence', async () => {
    const { errorText } = await cliI18nIn('de_DE.UTF-8');
    const text = errorText(timeout);
    expect(text).not.toContain('[object Object]');
    expect(text).not.toContain('errors.');
    expect(text).toMatch(/30 Sekunden/);
    expect(text).toBe('Der Dienst hat beim Abrufen der Links nicht innerhalb von 30 Sekunden geantwortet.');
  });

  it('says the English sentence under LANG=C', async () => {
    const { errorText } = await cliI18nIn('C');
    expect(errorText(timeout)).toBe(timeout.message);
  });

  it('falls back to the message when the key is not a message ref', async () => {
    const { errorText } = await cliI18nIn('de_DE.UTF-8');
    expect(errorText({ message: 'As the service said it.', key: 42 })).toBe('As the service said it.');
  });
});
