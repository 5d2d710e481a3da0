import { afterEach, describe, expect, it } from 'vitest';
import { sink } from './output-sink.js';
import { restoreTerminal, setTerminalLanguage } from './terminal-language.js';
import type { ProfilesState } from '../../../electron/shared/contract.js';
import type { CliError } from '../../../electron/cli/exit-codes.js';

/*
 * Lists of names the command line says to a person (issue 44): in the terminal's language, each
 * name in its quotation marks where the sentence quotes names, joined by the language's “and” /
 * “or”, a cut list ending with “and N more”. --json (CliError.english) and piped lines keep English.
 * Each place is reached through the command's own code with a session that answers as the app's.
 */

/** The modules read the language once: loaded afresh under `lang`. */
async function inLanguage(lang: string) {
  setTerminalLanguage(lang);
  return {
    Output: (await import('../../../electron/cli/output.js')).Output,
    session: await import('../../../electron/cli/session.js'),
    lookups: await import('../../../electron/cli/lookups.js'),
    del: await import('../../../electron/cli/commands/delete.js'),
    stats: await import('../../../electron/cli/commands/stats.js'),
    shorten: await import('../../../electron/cli/commands/shorten.js'),
  };
}

afterEach(restoreTerminal);

/** What `run` threw (every case here ends in a CliError). */
async function thrown(run: () => Promise<unknown>): Promise<CliError> {
  try {
    await run();
  } catch (error) {
    return error as CliError;
  }
  throw new Error('no error');
}

/** A session whose calls answer from `answers` by channel. */
const sessionWith = (answers: Record<string, unknown>) => ({
  profile: { name: 'Arbeit' },
  call: async (channel: string) => {
    if (!(channel in answers)) throw new Error(`unexpected ${channel}`);
    return answers[channel];
  },
});

const PROFILES = {
  currentId: null,
  profiles: [
    { id: 'a', name: 'Arbeitsbereich', kind: 'local', baseUrl: 'http://127.0.0.1:4100', needsKey: false },
    { id: 'b', name: 'Kunde', kind: 'remote', baseUrl: 'https://go.example.org', needsKey: false },
  ],
  keychain: { kind: 'secret-service', persistent: true },
} as unknown as ProfilesState;

const link = (alias: string, id: number) => ({
  id,
  alias,
  shortUrl: `https://go.example.org/${alias}`,
  longUrl: 'https://example.com/',
  title: 'Start',
  date: '2026-11-29 02:50:09',
  clicks: 3,
  provisional: false,
});

describe('lists of names on a German (and French) terminal', () => {
  it('lists the profiles in German quotes with “und”, English in --json', async () => {
    const { session } = await inLanguage('de_DE.UTF-8');
    const none = await thrown(async () => session.pickProfile(PROFILES, undefined));
    expect(none.message).toBe('In der App ist kein Profil ausgewählt: Fügen Sie --profile hinzu („Arbeitsbereich“ und „Kunde“).');
    expect(none.english).toBe('No profile is chosen in the app: add --profile (“Arbeitsbereich” and “Kunde”).');
    const typo = await thrown(async () => session.pickProfile(PROFILES, 'Kunden'));
    expect(typo.message).toBe('Es gibt kein Profil „Kunden“. Profile: „Arbeitsbereich“ und „Kunde“.');
  });

  it('lists the profiles in French guillemets with « et »', async () => {
    const { session } = await inLanguage('fr_FR.UTF-8');
    const typo = await thrown(async () => session.pickProfile(PROFILES, 'Client'));
    expect(typo.message).toContain('«\u202fArbeitsbereich\u202f» et «\u202fKunde\u202f»');
  });

  it('lists known channels with “und N weitere” past ten, and says none without an English “none”', async () => {
    const { lookups } = await inLanguage('de_DE.UTF-8');
    const items = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Kanal ${i + 1}` }));
    const many = await thrown(() => lookups.channelNamed(sessionWith({ 'channels:list': { items } }) as never, 'Presse'));
    expect(many.message).toBe(
      'Es gibt keinen Kanal „Presse“ in Arbeit („Kanal 1“, „Kanal 2“, „Kanal 3“, „Kanal 4“, „Kanal 5“, „Kanal 6“, „Kanal 7“, „Kanal 8“, „Kanal 9“ und 3 weitere).',
    );
    expect(many.english).toMatch(/“Kanal 9”, and 3 others\)\.$/);
    const empty = await thrown(() => lookups.campaignNamed(sessionWith({ 'campaigns:list': { items: [] } }) as never, 'Herbst'));
    expect(empty.message).toBe('Es gibt keine Kampagne „Herbst“ in Arbeit.');
    expect(empty.english).toBe('There is no campaign “Herbst” in Arbeit.');
  });

  it('lists the known domains with “und”', async () => {
    const { lookups } = await inLanguage('de_DE.UTF-8');
    const items = [{ domain: 'https://go.brand.com' }, { domain: 'https://l.brand.de' }];
    const error = await thrown(() => lookups.domainNamed(sessionWith({ 'domains:list': { items } }) as never, 'x.brand.org'));
    expect(error.message).toBe('Es gibt keine Domain „x.brand.org“ in Arbeit (go.brand.com und l.brand.de).');
  });

  it('asks about deleting several links with their aliases as a German list', async () => {
    const { del, Output } = await inLanguage('de_DE.UTF-8');
    const s = sessionWith({ 'links:list': { items: [link('eins', 1), link('zwei', 2), link('drei', 3)] } });
    const out = new Output({ stdout: sink(true), stderr: sink(true) });
    const ctx = { out, options: {}, session: async () => s };
    // Without a terminal on stdin (as here) the question comes back as the refusal's words.
    const error = await thrown(() => del.run(ctx as never, [['eins', 'zwei', 'drei']], {}));
    expect(error.message).toContain('Diese 3 Links (eins, zwei und drei) aus Arbeit löschen?');
  });

  it('names template choices in German quotes', async () => {
    const { shorten } = await inLanguage('de_DE.UTF-8');
    const s = sessionWith({ 'utm:templates': [{ name: 'Newsletter' }, { name: 'Presse' }] });
    const ctx = { out: {}, options: {}, session: async () => s };
    const error = await thrown(() => shorten.run(ctx as never, [['https://example.com/']], { utmTemplate: 'Herbst' }));
    expect(error.message).toBe('Es gibt keine UTM-Vorlage „Herbst“ („Newsletter“ und „Presse“).');
    expect(error.english).toBe('There is no UTM template “Herbst” (“Newsletter” and “Presse”).');
  });

  /** `stats` for a link with seven countries and two tags there, on a terminal or piped. */
  async function statsOut(lang: string, tty: boolean): Promise<string> {
    const { stats, Output } = await inLanguage(lang);
    const topCountries = { US: 1200, DE: 50, FR: 40, ES: 30, BR: 20, IT: 10, NL: 5 };
    const detail = {
      link: link('eins', 1),
      details: { stats: { clicks: 1355, uniqueClicks: 900, topCountries, topReferrers: { 'news.example': 7, direct: 2 } } },
      fetchedAt: null,
      stale: false,
      origins: [{ source: 'Bitly', clicks: 12, created: null, service: null, tags: ['herbst', 'presse'] }],
      snapshots: [],
    };
    const stdout = sink(tty);
    const out = new Output({ stdout, stderr: sink(false) });
    const s = sessionWith({ 'links:list': { items: [link('eins', 1)] }, 'links:get': detail });
    await stats.run({ out, options: {}, session: async () => s } as never, ['eins']);
    return stdout.text;
  }

  it('says stats’ top lists and tags as German lists, a cut one ending “und 2 weitere”; piped stays English', async () => {
    const table = await statsOut('de_DE.UTF-8', true);
    expect(table).toMatch(/Länder\s+US 1\.200, DE 50, FR 40, ES 30, BR 20 und 2 weitere\n/);
    expect(table).toMatch(/news\.example 7, direct 2\n/);
    expect(table).toContain('Tags dort: herbst und presse');
    expect(table).not.toContain('…');
    const piped = await statsOut('de_DE.UTF-8', false);
    expect(piped).toContain('Countries\tUS 1200, DE 50, FR 40, ES 30, BR 20, …\n');
    expect(piped).toContain('tags there: herbst, presse');
  });

  it('ends a cut top list in French with « et 2 autres »', async () => {
    const table = await statsOut('fr_FR.UTF-8', true);
    expect(table).toMatch(/BR 20 et 2 autres\n/);
  });
});
