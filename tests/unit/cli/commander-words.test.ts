import { CommanderError, type Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commanderError } from '../../../electron/cli/commander-words.js';
import { buildProgram } from '../../../electron/cli/program.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';

/**
 * commander's own words in the person's language (issue 44). The sentences come from the
 * installed commander itself (a wrong command line parsed by the real program), so a commander
 * that words an error differently fails here instead of leaking English to a German terminal.
 */
describe('linkdeck: commander in the person’s language', () => {
  const de = createTranslator('de', SHARED_MESSAGES);
  const en = createTranslator('en', SHARED_MESSAGES);
  afterEach(() => vi.restoreAllMocks());

  /** Parses `argv` with the German program; what it wrote to stderr and the error it threw. */
  async function parse(argv: string[]): Promise<{ stderr: string; error: CommanderError }> {
    let stderr = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr += String(chunk);
      return true;
    });
    const program = buildProgram('1.2.3', async () => {}, de);
    try {
      await program.parseAsync(['node', 'linkdeck', ...argv]);
    } catch (error) {
      if (error instanceof CommanderError) return { stderr, error };
      throw error;
    }
    throw new Error(`${argv.join(' ')} parsed without an error`);
  }

  const cases: [string[], RegExp][] = [
    [['list', '--bogus'], /^Fehler: unbekannte Option „--bogus“$/m],
    [['lsit'], /^Fehler: unbekannter Befehl „lsit“\n\(Meinten Sie list\?\)$/m],
    [['shorten'], /^Fehler: das Argument „url“ fehlt$/m],
    [['list', '--sort'], /^Fehler: die Option „--sort <order>“ braucht einen Wert$/m],
    [['stats', 'a', 'b'], /^Fehler: zu viele Argumente für „stats“: 1 erwartet, 2 angegeben\.$/m],
    [['list', '--sort', 'size'], /^Fehler: Option „--sort <order>“: „size“ ist kein gültiger Wert\. Möglich sind: „date“, „clicks“, .* oder „state“\.$/m],
    [['completion', 'ksh'], /^Fehler: „ksh“ ist kein gültiger Wert für das Argument „shell“\. Möglich sind: „bash“, „zsh“, „fish“ oder „install“\.$/m],
  ];
  for (const [argv, german] of cases)
    it(`says “${argv.join(' ')}” in German, and keeps the thrown message English for --json`, async () => {
      const { stderr, error } = await parse(argv);
      expect(stderr).toMatch(german);
      expect(stderr).toContain('(mit --help erfahren Sie, wie der Befehl verwendet wird)');
      expect(stderr).not.toMatch(/error:|Did you mean|Allowed choices|add --help/);
      // The CommanderError is what --json reports: commander's English, unchanged.
      expect(error.message).toMatch(/^error: /);
      expect(error.exitCode).toBe(1);
    });

  it('leaves a sentence it does not know as commander wrote it', () => {
    expect(commanderError('error: something new\n', de)).toBeNull();
    expect(commanderError("error: unknown option '--x'\n(Did you know?)\n", de)).toBeNull();
    expect(commanderError("error: unknown option '--x'\n", en)).toBe('error: unknown option “--x”\n');
  });

  // suggestSimilar.js writes `(Did you mean one of ${similar.join(', ')}?)`: said as an “or” list.
  it('says commander’s list of suggestions as the language’s “or” list', () => {
    const line = "error: unknown command 'lst'\n(Did you mean one of list, last?)\n";
    expect(commanderError(line, de)).toBe('Fehler: unbekannter Befehl „lst“\n(Meinten Sie „list“ oder „last“?)\n');
    const fr = createTranslator('fr', SHARED_MESSAGES);
    expect(commanderError(line, fr)).toContain("(Vouliez-vous dire «\u202flist\u202f» ou «\u202flast\u202f»\u202f?)\n");
    expect(commanderError(line, en)).toContain('(Did you mean “list” or “last”?)');
  });

  it('writes the help in German: headings, descriptions, choices and defaults, examples', () => {
    const program = buildProgram('1.2.3', async () => {}, de);
    const help = (command: Command) => {
      let text = '';
      command.configureOutput({ writeOut: (s) => (text += s) });
      command.outputHelp();
      return text;
    };
    const top = help(program);
    expect(top).toMatch(/^Aufruf: linkdeck \[options\] \[command\]/);
    expect(top).toContain('Optionen:');
    expect(top).toContain('Befehle:');
    expect(top).toMatch(/-h, --help +Hilfe zum Befehl anzeigen/);
    expect(top).toMatch(/help \[command\] +Hilfe zu einem Befehl anzeigen/);
    expect(top).toMatch(/Beispiele:\n {2}linkdeck /);
    const list = help(program.commands.find((c) => c.name() === 'list')!);
    // Choices as the language's “or” list in its quotation marks, then the default (CLDR’s unit list).
    expect(list).toMatch(/Reihenfolge der Links \(Werte: „date“, „clicks“,[^)]*oder\s+„state“,\s+Standard:\s+„date“\)/);
    expect(list).toMatch(/höchstens so viele Links \(„all“ für alle\) \(Standard: „50“\)/);
    for (const english of ['Usage:', 'Options:', 'Commands:', 'Examples:', 'choices:', 'default:', 'display help', 'order of the links'])
      expect(top + list, english).not.toContain(english);
  });
});
