/**
 * `npm run audit:electron`: Electronegativity over electron/ and the renderer's HTML, for the
 * Electron version we ship; fails on any HIGH or MEDIUM finding that
 * resources/electronegativity-waivers.json does not waive with a reason (and on stale waivers).
 *
 * Electronegativity is called through its module API (its package's `main`), which returns the
 * findings as data with their severity. Its CLI cannot be used as installed: it requires
 * `commander` without declaring it and breaks on the newer one another package hoists.
 *
 *   tsx tests/tools/audit-electron.ts
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { contentSecurityPolicy, withCspMeta } from '../../electron/main/csp.js';
import {
  applyWaivers,
  auditPassed,
  auditReport,
  parseWaivers,
  toFinding,
} from './electronegativity-findings.js';

interface RunOptions {
  input: string;
  isRelative: boolean;
  electronVersionOverride: string;
  customScan: string[];
  excludeFromScan: string[];
  parserPlugins: string[];
}
interface RunResult {
  issues: unknown[];
  errors: { file: string; message: string; tolerable: boolean }[];
}
type Electronegativity = (options: RunOptions, forCli?: boolean) => Promise<RunResult>;

const root = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const WAIVERS = join(root, 'resources/electronegativity-waivers.json');

function electronVersion(): string {
  const { version } = JSON.parse(
    readFileSync(require.resolve('electron/package.json'), 'utf8'),
  ) as { version: string };
  return version;
}

/**
 * One folder with what is scanned, so app-wide checks (navigation limits, permission handler,
 * CSP) see the main process and the page together: electron/, the renderer's HTML as written,
 * and index.html as built (its CSP <meta> is replaced at build time by electron/main/csp.ts's).
 */
function stage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-audit-'));
  cpSync(join(root, 'electron'), join(dir, 'electron'), { recursive: true });
  mkdirSync(join(dir, 'renderer'));
  for (const name of readdirSync(join(root, 'renderer')).filter((n) => n.endsWith('.html'))) {
    const html = readFileSync(join(root, 'renderer', name), 'utf8');
    writeFileSync(join(dir, 'renderer', name), html);
    writeFileSync(
      join(dir, 'renderer', name.replace(/\.html$/, '.built.html')),
      withCspMeta(html, contentSecurityPolicy()),
    );
  }
  return dir;
}

async function main(): Promise<void> {
  const waivers = parseWaivers(JSON.parse(readFileSync(WAIVERS, 'utf8')) as unknown);
  const version = electronVersion();
  const input = stage();
  try {
    console.log(`Electronegativity for Electron ${version} over electron/ and renderer/*.html…`);
    const run = require('@doyensec/electronegativity') as Electronegativity;
    const result = await run({
      input,
      isRelative: true,
      electronVersionOverride: version,
      customScan: [],
      excludeFromScan: [],
      parserPlugins: [],
    });
    const unparsed = result.errors
      .filter((e) => !e.tolerable)
      .map((e) => ({ file: relative(input, e.file), message: e.message }));
    const audit = applyWaivers(result.issues.map(toFinding), waivers, unparsed);
    console.log(auditReport(audit));
    process.exitCode = auditPassed(audit) ? 0 : 1;
  } finally {
    rmSync(input, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(
    `The Electron audit could not run: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
