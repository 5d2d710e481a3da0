import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs tool script (checked with // @ts-check), without a declaration file
import { findApiKey } from '../../tools/deploy-smoke-key.mjs';

/*
 * CI's smoke tests read the first user's key from the deployment's log with the command given
 * as --logs (issue 41, item 1): `docker logs` for the image, `journalctl` for the systemd unit.
 * journalctl's default output ("short") puts a date, the host and the process before every
 * message, so a `^API key:` match can never pass on it; `-o cat` prints the bare messages. This
 * test reads each --logs command from .github/workflows/ci.yml, writes the service's first-start
 * lines in the shape that command prints them (the shapes below are journalctl's, as
 * `journalctl -u linkdeck-service` printed them under systemd 252), and runs the smoke test's
 * own matching on them.
 */

const root = resolve(import.meta.dirname, '../../..');
const workflow = readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8');
const find = findApiKey as (output: string) => string | undefined;

const KEY = 'ldk_3q2AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const SERVICE_LINES = ['Base URL: http://127.0.0.1:4100', `API key: ${KEY}`];

/** The lines the service wrote, as `command` shows them. */
function asShownBy(command: string): string {
  if (/^(sudo )?(docker|podman) (compose .* )?logs\b/.test(command)) return SERVICE_LINES.join('\n') + '\n';
  if (/^(sudo )?journalctl\b/.test(command)) {
    const mode = /(?:-o|--output)[ =](\S+)/.exec(command)?.[1] ?? 'short';
    if (mode === 'cat') return SERVICE_LINES.join('\n') + '\n';
    if (mode === 'short') {
      return ['-- Journal begins at Sat 2026-11-28 13:00:01 UTC. --', ...SERVICE_LINES.map((line) => `Nov 28 13:29:23 runner node[4242]: ${line}`)].join('\n') + '\n';
    }
    throw new Error(`This test knows journalctl's "short" and "cat" outputs, not "${mode}": add its shape.`);
  }
  throw new Error(`This test does not know what "${command}" prints: add its shape.`);
}

const logCommands = [...workflow.matchAll(/deploy-smoke\.mjs[\s\S]*?--logs '([^']+)'/g)].map((m) => m[1] as string);

describe('the smoke test finds the key in the logs CI gives it', () => {
  it('CI runs the smoke test on the image and on the systemd unit', () => {
    expect(logCommands).toHaveLength(2);
    expect(logCommands.some((c) => c.includes('journalctl'))).toBe(true);
  });

  it.each(logCommands)('--logs %s', (command) => {
    expect(find(asShownBy(command))).toBe(KEY);
  });

  it("journalctl's default output hides the key from the match (why CI asks for -o cat)", () => {
    expect(find(asShownBy('journalctl -u linkdeck-service --no-pager'))).toBeUndefined();
  });
});
