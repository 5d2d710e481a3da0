// The browser the end-to-end tests drive, got where it can be: CHROMIUM_PATH, Debian's Chromium,
// or Playwright's own; else Debian's `chromium` through apt when running as root, else
// Playwright's download where the network allows. Returns null when there is one, or the one
// sentence that says what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const require = createRequire(import.meta.url);

function found() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH);
  if (existsSync(DEBIAN_CHROMIUM)) return true;
  try {
    const { chromium } = require('playwright-core');
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

const run = (cmd, args, timeoutMs) => spawnSync(cmd, args, { stdio: 'inherit', timeout: timeoutMs }).status === 0;
const onPath = (tool) => process.platform !== 'win32' && spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

export function ensureBrowser(root) {
  if (found()) return null;
  if (process.env.CHROMIUM_PATH) return `CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist: point it at a Chromium or Chrome binary.`;
  if (process.platform === 'linux' && process.getuid?.() === 0 && onPath('apt-get')) {
    console.log("The end-to-end tests need Chromium: installing Debian's chromium package…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env, timeout: 300_000 });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env, timeout: 600_000 });
    if (found()) return null;
  }
  console.log("The end-to-end tests need Chromium: trying Playwright's download…");
  const cli = join(root, 'node_modules/playwright-core/cli.js');
  if (run(process.execPath, [cli, 'install', 'chromium'], 600_000) && found()) return null;
  return process.platform === 'linux'
    ? 'The end-to-end tests need Chromium: install it (sudo apt-get install chromium on Debian or Ubuntu), or run `npx playwright install chromium` where the network allows, then run npm test again.'
    : 'The end-to-end tests need Chromium: run `npx playwright install chromium` (or set CHROMIUM_PATH to a Chromium or Chrome binary), then run npm test again.';
}
