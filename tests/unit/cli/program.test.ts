import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describe as describeProgram } from '../../../electron/cli/commands/completion.js';
import { run as completion } from '../../../electron/cli/commands/completion.js';
import type { CommandContext } from '../../../electron/cli/context.js';
import { linkQuery } from '../../../electron/cli/link-query-options.js';
import { heldBack, heldBackRef, queuedText } from '../../../electron/cli/outbox-wait.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { englishText, renderMessage } from '../../../electron/shared/message-ref.js';
import { Output } from '../../../electron/cli/output.js';
import { buildProgram } from '../../../electron/cli/program.js';
import type { OutboxItem } from '../../../electron/shared/models.js';

describe('linkdeck command line', () => {
  const program = buildProgram('1.2.3', async () => {});

  it('gives every command help with examples', () => {
    for (const command of program.commands) {
      let help = '';
      command.configureOutput({ writeOut: (s) => (help += s) });
      command.outputHelp();
      expect(help, command.name()).toMatch(/Examples:\n {2}linkdeck /);
    }
  });

  it("maps the list options to the links view's query", () => {
    const argv = ['find', 'x', '--no-password', '--expired'];
    const { query, named, want } = linkQuery(
      {
        sort: 'clicks',
        asc: true,
        channel: 'News',
        domain: 'go.brand.com',
        password: false,
        expired: true,
        outbox: 'failed',
        limit: '20',
      },
      argv,
      'spring sale',
    );
    expect(query).toEqual({
      q: 'spring sale',
      sort: 'clicks',
      direction: 'asc',
      limit: 20,
      filters: { domain: 'go.brand.com', password: false, expired: true, outbox: 'failed' },
    });
    expect(named).toEqual({ channel: 'News' });
    expect(want).toBe(20);
    // commander sets password=true by default for a --no- option: without the flag, no filter.
    expect(linkQuery({ password: true, expired: true }, ['list']).query.filters).toEqual({});
    expect(linkQuery({ limit: 'all' }, ['list']).want).toBeNull();
    expect(() => linkQuery({ limit: '0' }, ['list'])).toThrow(
      /--limit takes a positive whole number/,
    );
  });

  it('tells an operation held back (offline, far retry) from one on its way', () => {
    const base: OutboxItem = {
      opId: 'o',
      seq: 1,
      mutation: { kind: 'link.delete', id: 1 },
      state: 'queued',
      summary: '',
      provisionalId: null,
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      outcomeUnknown: false,
      blockedBy: null,
      createdAt: 0,
    };
    expect(heldBack(base, 0)).toBeNull();
    expect(heldBack({ ...base, lastError: { code: 'offline', message: 'refused' } }, 0)).toMatch(
      /cannot be reached \(refused\)/,
    );
    expect(
      heldBack(
        { ...base, lastError: { code: 'remote-error', message: '503' }, nextAttemptAt: 5_000 },
        0,
      ),
    ).toBeNull();
    expect(
      heldBack(
        {
          ...base,
          lastError: { code: 'rate-limited', message: 'slow down' },
          nextAttemptAt: 120_000,
        },
        0,
      ),
    ).toMatch(/next attempt/);
    expect(heldBack({ ...base, blockedBy: 'x' }, 0)).toMatch(/earlier change that was refused/);
  });

  describe('completion scripts', () => {
    const spec = describeProgram(program);
    const script = async (shell: string) => {
      let text = '';
      const ctx = {
        out: new Output({
          stdout: { write: (s: string) => ((text += s), true) } as unknown as NodeJS.WritableStream,
        }),
        version: '1.2.3',
      } as CommandContext;
      await completion(ctx, [shell]);
      return text;
    };

    it('names every command and option of the program', async () => {
      for (const shell of ['bash', 'zsh', 'fish']) {
        const text = await script(shell);
        for (const c of spec.commands) expect(text, `${shell}: ${c.name}`).toContain(c.name);
        expect(text).toContain('utm-template');
        expect(text).toContain('clicks');
      }
    });

    for (const shell of ['bash', 'zsh', 'fish']) {
      it(`is valid ${shell}`, async (ctx) => {
        if (spawnSync(shell, ['-c', 'exit 0']).status !== 0) {
          console.log(`skipped: ${shell} is not installed here, so its syntax cannot be checked`);
          ctx.skip();
        }
        const dir = mkdtempSync(join(tmpdir(), 'linkdeck-completion-'));
        try {
          const file = join(dir, `linkdeck.${shell}`);
          writeFileSync(file, await script(shell));
          const check = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
          expect(check.stderr).toBe('');
          expect(check.status).toBe(0);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }

    it('completes a command and the choices of an option in bash', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'linkdeck-completion-'));
      try {
        const file = join(dir, 'linkdeck.bash');
        writeFileSync(file, await script('bash'));
        const complete = (words: string[]) =>
          spawnSync(
            'bash',
            [
              '-c',
              `source ${file}; COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')}); COMP_CWORD=${words.length - 1}; _linkdeck; printf '%s\\n' "\${COMPREPLY[@]}"`,
            ],
            { encoding: 'utf8' },
          )
            .stdout.trim()
            .split('\n');
        expect(complete(['linkdeck', 'sho'])).toEqual(['shorten']);
        expect(complete(['linkdeck', 'list', '--sort', 'cl'])).toEqual(['clicks']);
        expect(complete(['linkdeck', 'shorten', '--utm'])).toEqual(['--utm-template']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

describe('why a change waits, in the command line’s language (issue 44)', () => {
  const item = {
    opId: 'op-1',
    kind: 'create',
    state: 'queued',
    summary: 'Create link',
    attempts: 1,
    lastError: null,
    nextAttemptAt: null,
    outcomeUnknown: false,
    blockedBy: null,
    createdAt: 0,
  } as unknown as Parameters<typeof heldBackRef>[0];
  const german = createTranslator('de', SHARED_MESSAGES);

  it('says an offline wait and a refused change ahead in German, the service’s keyed reason too', () => {
    const offline = heldBackRef({ ...item, lastError: { code: 'offline', message: 'The request was cancelled.', key: 'errors.cancelled' } }, 0)!;
    expect(queuedText({ reason: englishText(offline), reasonRef: offline }, german)).toBe(
      `der Dienst ist nicht erreichbar (${german('errors.cancelled')})`,
    );
    expect(german('errors.cancelled')).not.toBe('errors.cancelled');
    const behind = heldBackRef({ ...item, blockedBy: 'op-0' }, 0)!;
    expect(renderMessage(behind, german)).toBe('sie wartet hinter einer früheren Änderung, die abgelehnt wurde (op-0)');
    // Words without a ref (an error thrown on the way) are shown as they came.
    expect(queuedText({ reason: 'socket hang up' }, german)).toBe('socket hang up');
  });
});
