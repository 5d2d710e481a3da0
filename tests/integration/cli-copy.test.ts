import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle, lines, localWorkspaceFolder, runCli } from './support/cli-harness.js';

const have = (tool: string) =>
  process.platform === 'linux' && spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const missing = ['Xvfb', 'xsel'].filter((t) => !have(t));

/**
 * `shorten --copy` puts the short URLs on the real X11 clipboard of a private Xvfb display (the
 * command uses xclip or xsel, as on a Linux desktop), read back with xsel.
 */
describe('linkdeck shorten --copy', () => {
  let xvfb: ChildProcess | null = null;
  let display = '';

  beforeAll(async () => {
    if (missing.length) return;
    await cliBundle();
    // -displayfd: Xvfb picks a free display and writes its number once it accepts clients.
    xvfb = spawn('Xvfb', ['-displayfd', '3', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    display = await new Promise<string>((resolve, reject) => {
      const fd = xvfb!.stdio[3] as NodeJS.ReadableStream;
      fd.once('data', (d: Buffer) => resolve(`:${d.toString().trim()}`));
      xvfb!.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
    });
  });
  afterAll(() => {
    xvfb?.kill();
  });

  it('puts the short URLs on the clipboard, one a line, and still prints them', async (ctx) => {
    if (missing.length) {
      console.log(
        `skipped: ${missing.join(' and ')} not installed here, so there is no clipboard to copy to`,
      );
      ctx.skip();
    }
    const { dataDir, profile } = await localWorkspaceFolder();
    try {
      const run = await runCli(
        dataDir,
        ['shorten', 'https://example.com/copy-a', 'https://example.com/copy-b', '--copy'],
        { env: { DISPLAY: display } },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/Copied 2 short URLs to the clipboard/);
      const shorts = lines(run.stdout);
      expect(shorts).toHaveLength(2);
      for (const s of shorts) expect(s.startsWith(profile.baseUrl)).toBe(true);
      const clipboard = spawnSync('xsel', ['--clipboard', '--output'], {
        env: { ...process.env, DISPLAY: display },
        encoding: 'utf8',
      });
      expect(clipboard.stdout).toBe(shorts.join('\n'));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
