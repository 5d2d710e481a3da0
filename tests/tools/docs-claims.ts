/**
 * Checks what the documentation names against the code, so that a page cannot name a flag, an npm
 * script, an environment variable or a settings file that does not exist, nor give a performance
 * figure without the date and the commit it was measured on. The link check (docs-links.ts) does
 * the same for links and anchors.
 *
 * "The code" is every file of the checkout outside docs (README.md and *.md), the tests' own
 * `*.test.ts` / `*.spec.ts` files (a test may name a variable to show that it is NOT read, such
 * as LINKDECK_EMAIL), build output and node_modules. The rules, precisely:
 *
 * - flag: `--name` (a letter after the two hyphens) anywhere on a page. Known when the code has
 *   `--name` as text (commander's options, other tools' command lines in .ci/run and the workflow,
 *   Electron and Chromium switches the app reads) or the service's parseArgs table (FLAGS, whose
 *   keys carry no hyphens) has it, or it is commander's own `--help` / `--version`, or one of the
 *   few other programs' flags listed in OTHER_PROGRAMS_FLAGS.
 * - npm script: `npm run name`, `npm start`, `npm test` must be a script of package.json; the part
 *   in `npm run bench -- part` must be a part of tests/bench/run.ts.
 * - environment variable: `LINKDECK_NAME` must be in the code, or be a service flag's variable
 *   (`--public-url` ← LINKDECK_PUBLIC_URL, built by envName()).
 * - settings file: a name ending in .json, .db, .desktop, .service or .sock must be in the code as
 *   text or be the name of a file of the checkout. A name with a date in it (backup-2026-11-27.db)
 *   is an example of a file the reader names, not one of the app's.
 * - performance figure: a line (outside code blocks) with a number in a unit of time, rate or size
 *   (ns, µs, ms, s, /s, kB, KB, KiB, MB, MiB, GB, GiB) AND a sign that it was measured rather than
 *   set (≈, ~N, N → N, "measured", "took", "median", p50/p95/p99, "faster", "slower", "latency",
 *   "throughput", "load N"; for a table row, also in the block before the table, or a load,
 *   median or percentile in its header row); or "in about a second" (and "in under a minute"…). A limit ("at most
 *   1 MB", "within 10 s", "at most about a second"), a goal ("p95 ≤ 10 ms": whatever follows ≤, ≥,
 *   <, >, "at most" or "under" up to the next , ; | or bracket) or a setting ("100 to 500 ms") is
 *   not a figure. The figure's block (paragraph, table, list), the block before
 *   it, or its section's heading and first block must carry a date (YYYY-MM-DD) and a commit
 *   (7–40 hex digits with a letter and a digit).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { FLAGS, envName } from '../../electron/service/cli-options.js';
import { docPages } from './docs-links.js';

export interface DocsClaimProblem {
  /** The page, relative to the root. */
  file: string;
  /** 1-based line of the claim. */
  line: number;
  /** What the page names, as written (`--x`, `npm run x`, LINKDECK_X, x.json) or the figure's line. */
  claim: string;
  problem: string;
}

export interface CodeFacts {
  /** Every text file of the code, concatenated (flags and file names are looked up in it). */
  text: string;
  /** Base names of every file of the checkout (settings files shipped as files, package.json). */
  fileNames: Set<string>;
  scripts: Set<string>;
  benchParts: Set<string>;
  /** Every LINKDECK_* name in the code, and the service flags' variables. */
  envVars: Set<string>;
}

const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'out',
  'dist',
  'docs',
  'test-results',
  'playwright-report',
  'coverage',
]);
const TEXT_FILE =
  /\.(?:[cm]?[jt]s|vue|html|css|json|ya?ml|sh|mjs|service|desktop|toml|txt|svg)$|^(?:run|Containerfile|Caddyfile|Dockerfile|apparmor-profile)$/;
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]s$/;
/** Build-time constants spelled like variables, not read from the environment (esbuild `define`). */
const NOT_ENVIRONMENT = new Set(['LINKDECK_VERSION']);
const ENV_NAME = /\bLINKDECK_[A-Z0-9_]*[A-Z0-9]\b/g;

function walk(root: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const rel = relative(root, path);
    if (statSync(path).isDirectory()) {
      if (
        !SKIP_DIRS.has(entry) &&
        !(entry.startsWith('.') && entry !== '.ci' && entry !== '.github')
      )
        walk(root, path, out);
    } else out.push(rel);
  }
}

/** What the code has, read from the checkout at root. */
export function codeFacts(root: string): CodeFacts {
  const files: string[] = [];
  walk(root, root, files);
  const texts: string[] = [];
  for (const file of files) {
    const name = basename(file);
    if (
      name.endsWith('.md') ||
      TEST_FILE.test(name) ||
      name === 'package-lock.json' ||
      file === relative(root, import.meta.filename)
    )
      continue;
    if (!TEXT_FILE.test(name)) continue;
    texts.push(readFileSync(join(root, file), 'utf8'));
  }
  const text = texts.join('\n');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const benchRun = join(root, 'tests/bench/run.ts');
  const benchParts = new Set(
    existsSync(benchRun)
      ? [...readFileSync(benchRun, 'utf8').matchAll(/\{\s*name:\s*'([\w-]+)'/g)].map((m) => m[1]!)
      : [],
  );
  const envVars = new Set(
    [...text.matchAll(ENV_NAME)].map((m) => m[0]).filter((n) => !NOT_ENVIRONMENT.has(n)),
  );
  for (const [flag, spec] of Object.entries(FLAGS))
    if ('env' in spec && spec.env) envVars.add(envName(flag));
  return {
    text,
    fileNames: new Set(files.map((f) => basename(f))),
    scripts: new Set(Object.keys(pkg.scripts ?? {})),
    benchParts,
    envVars,
  };
}

/** The lines of a page with whether each is inside a fenced code block. */
function pageLines(source: string): { text: string; inCode: boolean }[] {
  let fence: string | null = null;
  return source.split('\n').map((text) => {
    const marker = /^\s*(```+|~~~+)/.exec(text)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return { text, inCode: true };
    }
    return { text, inCode: fence !== null };
  });
}

const FLAG = /(?<![\w-])--([a-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)/g;
/**
 * Other programs' flags that pages name in their own command lines, with the program: not ours
 * to have, so not looked for in the code. Keep it short; a Linkdeck flag never belongs here.
 */
const OTHER_PROGRAMS_FLAGS = new Map([
  ['appimage-extract', 'the AppImage runtime'],
  ['inspect', 'Node (an Electron fuse turns it off)'],
  ['random-gc-interval', 'V8, through node'],
  ['max-semi-space-size', 'V8, through node'],
  ['js-flags', 'Electron (passes V8 flags to its main process)'],
  ['outDir', 'electron-vite build'],
  ['rm', 'docker compose run'],
  ['now', 'systemctl enable'],
  ['offline', 'systemd-analyze security'],
]);
const NPM_SCRIPT = /\bnpm (?:run ([a-z0-9:_-]+)|(start|test)\b)(?: -- ([a-z][\w-]*))?/g;
const FILE_NAME = /(?<![\w.-])([A-Za-z0-9_][\w.-]*\.(?:json|db|desktop|service|sock))(?![\w-])/g;
const DATE = /\b20\d\d-[01]\d-[0-3]\d\b/;
const COMMIT = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/;
const FIGURE = /(?<![\w.])\d[\d,.]*\s?(?:k\/s|\/s|ns|µs|μs|ms|s|kB|KB|KiB|MB|MiB|GB|GiB)(?![\w])/;
const MEASURED =
  /≈|~\s?\d|\d\s?(?:→|->)\s?\d|\b(?:measured|took|median|medians|p50|p95|p99|faster|slower|latency|throughput)\b|\bload(?: average)? \d/i;
/** In a table's header row only numbers count as the sign ("what is measured" is a column's name). */
const HEADER_MEASURED = /≈|\bload(?: average)? \d|\b(?:median|medians|p50|p95|p99)\b/i;
/** "100,000 links export in about a second": a figure and a measurement in one. */
const IN_ABOUT = /\bin (?:about|under|less than) (?:a|one|two|half a) (?:second|minute)s?\b/i;

/** Flags, scripts, variables and files a page names that the code does not have. */
export function checkNames(file: string, source: string, facts: CodeFacts): DocsClaimProblem[] {
  const problems: DocsClaimProblem[] = [];
  pageLines(source).forEach(({ text }, i) => {
    const line = i + 1;
    const noUrls = text.replace(/\bhttps?:\/\/\S+/g, '');
    for (const m of noUrls.matchAll(FLAG)) {
      const name = m[1]!;
      const known =
        OTHER_PROGRAMS_FLAGS.has(name) ||
        name === 'help' ||
        name === 'version' ||
        name in FLAGS ||
        new RegExp(`(?<![\\w-])--${name}(?![\\w-])`).test(facts.text);
      if (!known)
        problems.push({ file, line, claim: `--${name}`, problem: 'no such flag in the code' });
    }
    for (const m of noUrls.matchAll(NPM_SCRIPT)) {
      const script = m[1] ?? m[2]!;
      if (!facts.scripts.has(script))
        problems.push({
          file,
          line,
          claim: `npm run ${script}`,
          problem: 'package.json has no such script',
        });
      else if (script === 'bench' && m[3] && !facts.benchParts.has(m[3])) {
        problems.push({
          file,
          line,
          claim: `npm run bench -- ${m[3]}`,
          problem: 'tests/bench/run.ts has no such part',
        });
      }
    }
    for (const m of noUrls.matchAll(ENV_NAME)) {
      if (!facts.envVars.has(m[0]))
        problems.push({
          file,
          line,
          claim: m[0],
          problem: 'the code reads no such environment variable',
        });
    }
    for (const m of noUrls.matchAll(FILE_NAME)) {
      const name = m[1]!;
      if (DATE.test(name) || facts.fileNames.has(name) || facts.text.includes(name)) continue;
      problems.push({ file, line, claim: name, problem: 'no such file in the code' });
    }
  });
  return problems;
}

interface Block {
  start: number;
  lines: string[];
  heading: boolean;
  code: boolean;
}

/** A page cut into blocks: headings, paragraphs, tables and lists (blank lines apart), code blocks. */
function blocks(source: string): Block[] {
  const out: Block[] = [];
  let current: Block | null = null;
  pageLines(source).forEach(({ text, inCode }, i) => {
    const heading = !inCode && /^#{1,6}\s/.test(text);
    if ((!inCode && text.trim() === '') || heading || (current && current.code !== inCode)) {
      if (current) out.push(current);
      current = null;
      if (heading) out.push({ start: i + 1, lines: [text], heading: true, code: false });
      if (heading || text.trim() === '') return;
    }
    current ??= { start: i + 1, lines: [], heading: false, code: inCode };
    current.lines.push(text);
  });
  if (current) out.push(current);
  return out;
}

const dated = (text: string) =>
  DATE.test(text) && COMMIT.test(text.replace(/\b20\d\d-[01]\d-[0-3]\d\b/g, ''));

/** Performance figures of a page without a date and a commit nearby (see the rule above). */
export function checkFigures(file: string, source: string): DocsClaimProblem[] {
  const problems: DocsClaimProblem[] = [];
  const all = blocks(source);
  all.forEach((block, b) => {
    if (block.code || block.heading) return;
    let headingAt = -1;
    for (let h = b - 1; h >= 0; h--)
      if (all[h]!.heading) {
        headingAt = h;
        break;
      }
    const nearby = [
      block,
      all[b - 1],
      headingAt >= 0 ? all[headingAt] : undefined,
      headingAt >= 0 ? all[headingAt + 1] : undefined,
    ]
      .filter((x): x is Block => x !== undefined)
      .map((x) => x.lines.join('\n'))
      .join('\n');
    if (dated(nearby)) return;
    // A table's figures are often measured by its caption ("Measured on …") or its header row
    // ("busy machine (load 13–16)"): the sign may be in the table's first line or the block before.
    const isTable = block.lines[0]?.trimStart().startsWith('|') ?? false;
    const before = all[b - 1];
    // The paragraph right above a table is its caption (not another table, not a heading).
    const caption =
      isTable &&
      before &&
      !before.heading &&
      !before.code &&
      !before.lines[0]?.trimStart().startsWith('|')
        ? before.lines.join('\n')
        : '';
    const header = isTable ? (block.lines[0] ?? '') : '';
    block.lines.forEach((text, i) => {
      const plain = text.replace(/`[^`]*`/g, (code) =>
        /^`\d/.test(code) ? code.slice(1, -1) : '',
      );
      // A goal or a bound ("p95 ≤ 10 ms", "< poll + 100 ms", "at most 1 MB") is not a measurement.
      const measuredOnly = plain.replace(/(?:≤|≥|<|(?<!-)>|\bat most\b|\bunder\b)[^|;,()]*/g, '');
      if (
        (FIGURE.test(measuredOnly) &&
          (MEASURED.test(plain) || MEASURED.test(caption) || HEADER_MEASURED.test(header))) ||
        IN_ABOUT.test(plain)
      ) {
        problems.push({
          file,
          line: block.start + i,
          claim: text.trim().slice(0, 120),
          problem:
            'a performance figure without the date (YYYY-MM-DD) and the commit it was measured on nearby',
        });
      }
    });
  });
  return problems;
}

/** Pages whose names are history, not claims about the code as it is. */
const HISTORY = new Set(['CHANGELOG.md']);

/** Every problem of every page (README.md, the root's pages, docs/). */
export function checkDocsClaims(root: string): DocsClaimProblem[] {
  const facts = codeFacts(root);
  const problems: DocsClaimProblem[] = [];
  for (const file of docPages(root)) {
    const source = readFileSync(join(root, file), 'utf8');
    if (!HISTORY.has(file)) problems.push(...checkNames(file, source, facts));
    problems.push(...checkFigures(file, source));
  }
  return problems;
}

/** LINKDECK_* variables of the code that docs/configuration.md does not list. */
export function undocumentedVariables(root: string): string[] {
  const page = join(root, 'docs/configuration.md');
  const text = existsSync(page) ? readFileSync(page, 'utf8') : '';
  const listed = new Set(text.match(ENV_NAME) ?? []);
  return [...codeFacts(root).envVars].filter((name) => !listed.has(name)).sort();
}
