import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserCommand, openInBrowser } from '../../../electron/web/open-browser.js';
import { skipBecause } from '../../support/skip-reason.js';

/*
 * A URL handed to the opener may come from a remote service. On every platform's branch it must
 * reach the opener as exactly one argument, normalised, with nothing a shell would act on, and
 * only http(s) is opened at all.
 */

const HOSTILE: ReadonlyArray<readonly [string, string, string]> = [
  ['& and | (cmd command chaining)', 'https://x/?a=1&b=2|calc', 'https://x/?a=1&b=2|calc'],
  ['^ (cmd escape)', 'https://x/a^b?c=^', 'https://x/a^b?c=^'],
  ['> and < (redirection)', 'https://x/a>b?c=<d>', 'https://x/a%3Eb?c=%3Cd%3E'],
  ['%VAR% (cmd variable expansion)', 'https://x/%PATH%?u=%USERNAME%', 'https://x/%PATH%?u=%USERNAME%'],
  ['double quotes', 'https://x/"a"?q="b" & calc', 'https://x/%22a%22?q=%22b%22%20&%20calc'],
  ['spaces', 'https://x/a b?q=c d', 'https://x/a%20b?q=c%20d'],
  ['newlines and tabs', 'https://x/a\nb?q=c\r\nd\te', 'https://x/ab?q=cde'],
  ['$() and backticks (POSIX shells)', 'https://x/$(id)`id`?q=`id`;id', 'https://x/$(id)%60id%60?q=`id`;id'],
  ['a leading dash after the scheme', 'http://x/-a --b', 'http://x/-a%20--b'],
];

const PLATFORMS: ReadonlyArray<readonly [NodeJS.Platform, string, string[]]> = [
  ['win32', 'rundll32', ['url.dll,FileProtocolHandler']],
  ['darwin', 'open', []],
  ['linux', 'xdg-open', []],
  ['freebsd', 'xdg-open', []],
];

describe('the browser opener', () => {
  for (const [platform, command, before] of PLATFORMS) {
    it(`on ${platform} passes each hostile URL as one normalised argument to ${command}, no shell`, () => {
      for (const [what, url, href] of HOSTILE) {
        expect(browserCommand(url, platform, { DISPLAY: ':0' }), what).toEqual({ command, args: [...before, href] });
        // Nothing that Windows' argument quoting would wrap in quotes or that splits an argument.
        expect(href, what).not.toMatch(/[\s"]/);
      }
    });
  }

  it('never goes through cmd or a shell on Windows', () => {
    const command = browserCommand('https://x/?a=1&b=2|calc', 'win32', {});
    expect(command?.command).toBe('rundll32');
    expect(command?.args.join(' ')).not.toMatch(/\bcmd\b|\/c\b|\bstart\b|powershell/i);
  });

  it('opens only http and https addresses, on every platform', () => {
    const refused = ['file:///etc/passwd', 'javascript:alert(1)', 'calc.exe', '-a', 'ms-settings:privacy', 'smb://host/share', '\\\\host\\share', 'data:text/html,<b>x</b>', ''];
    for (const [platform] of PLATFORMS) {
      for (const url of refused) {
        expect(() => browserCommand(url, platform, { DISPLAY: ':0' }), `${platform} ${url}`).toThrow(/not a web address|Only http and https/);
      }
    }
  });

  it('refuses a non-web address in openInBrowser with words, starting nothing', async () => {
    await expect(openInBrowser('file:///etc/passwd', { platform: 'linux', env: { DISPLAY: ':0' } })).rejects.toThrow(/Only http and https/);
  });

  describe('started for real (Linux): the opener program receives exactly one argument', () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdeck-opener-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    // A stand-in xdg-open on PATH that writes its argument count and arguments, one per line.
    const out = join(dir, 'argv.txt');
    writeFileSync(join(dir, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$#" "$@" > "${out}"\n`);
    chmodSync(join(dir, 'xdg-open'), 0o755);

    it.skipIf(skipBecause(process.platform === 'win32', 'the real opener on Windows: the stand-in xdg-open is a shell script'))('with a hostile URL, and the shell syntax in it is not run', async () => {
      const env = { PATH: `${dir}:/usr/bin:/bin`, DISPLAY: ':0' };
      const url = 'https://x/?a=1&b=2|touch${IFS}pwned;$(touch pwned2)`touch pwned3`';
      expect(await openInBrowser(url, { platform: 'linux', env })).toBe(true);
      const href = browserCommand(url, 'linux', env)?.args[0];
      expect(readFileSync(out, 'utf8')).toBe(`1\n${href}\n`);
    });
  });
});
