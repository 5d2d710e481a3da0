import { afterEach, describe, expect, it } from 'vitest';
import { sink } from './output-sink.js';
import { restoreTerminal, setTerminalLanguage } from './terminal-language.js';
import type { ProfilesState } from '../../../electron/shared/contract.js';

/*
 * What `linkdeck` shows on a terminal in German (issue 44) that an audit found in English: the
 * profile table's kind column and the link's creation date in `stats`. Piped output (scripts)
 * keeps the English word and the service's own date.
 */

/** The modules read the language once: loaded afresh under `lang`. */
async function inLanguage(lang: string) {
  setTerminalLanguage(lang);
  const { Output } = await import('../../../electron/cli/output.js');
  return { Output, profiles: await import('../../../electron/cli/commands/profiles.js'), stats: await import('../../../electron/cli/commands/stats.js') };
}

const STATE = {
  currentId: 'a',
  profiles: [
    { id: 'a', name: 'Arbeitsbereich', kind: 'local', baseUrl: 'http://127.0.0.1:4100', needsKey: false },
    { id: 'b', name: 'Kunde', kind: 'remote', baseUrl: 'https://go.example.org', needsKey: false },
  ],
  keychain: { kind: 'secret-service', persistent: true },
} as unknown as ProfilesState;

afterEach(restoreTerminal);

async function profilesTable(lang: string, tty: boolean): Promise<string> {
  const { Output, profiles } = await inLanguage(lang);
  const stdout = sink(tty);
  const out = new Output({ stdout, stderr: sink(false) });
  const session = { call: async () => STATE };
  const ctx = { out, options: {}, dataDir: '/nowhere', version: '0', bareSession: async () => session, session: async () => session };
  await profiles.run(ctx as never);
  return stdout.text;
}

describe('the command line on a German terminal', () => {
  it('names a profile’s kind in German in the table, and keeps the English word when piped', async () => {
    const table = await profilesTable('de_DE.UTF-8', true);
    expect(table).toMatch(/ART/);
    expect(table).toMatch(/Arbeitsbereich\s+lokal\s+http:\/\/127\.0\.0\.1:4100/);
    expect(table).toMatch(/Kunde\s+entfernt\s+https:\/\/go\.example\.org/);
    expect(table).not.toMatch(/\b(local|remote)\b/);
    const piped = await profilesTable('de_DE.UTF-8', false);
    expect(piped).toContain('Kunde\tremote\thttps://go.example.org');
  });

  it('shows a link’s creation date in the person’s date format', async () => {
    const { stats } = await inLanguage('de_DE.UTF-8');
    expect(stats.serviceDateTime('2026-11-29 02:50:09')).toBe('29.11.2026, 02:50');
    expect(stats.serviceDateTime('2026-11-29')).toBe('29.11.2026');
    expect(stats.serviceDateTime('2026-11-29 02:50:09', 'en')).toBe('Nov 29, 2026, 2:50 AM');
    // Not a date the service writes: shown as it came.
    expect(stats.serviceDateTime('gestern')).toBe('gestern');
  });
});
