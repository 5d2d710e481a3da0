/**
 * `npm run build:cli`: the command line as a bundle, out/cli/linkdeck.js (+ chunks), run by Node
 * without tsx or a TypeScript loader. esbuild because it is already here (Vite's and tsx's
 * dependency), bundles in a fraction of a second, and splits at `import()`, which is what keeps
 * the start light: each command's module and the backend are chunks loaded only when needed.
 *
 * Native modules stay external (they load their .node file at run time) and are resolved from
 * node_modules beside out/. Everything else, commander included, is inside the bundle.
 *
 *   tsx electron/cli/bundle.ts [outDir]
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, renameSync, rmSync, mkdirSync, readdirSync, chmodSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export const NATIVE_EXTERNALS = ['libsql', '@napi-rs/keyring', 'keytar', 'electron', 'koffi'];

/**
 * Builds into a fresh folder beside `outDir`, then swaps it in: several test files may build at
 * once, and a command started meanwhile must never see half a bundle.
 */
export async function bundleCli(outDir = join(root, 'out/cli')): Promise<string> {
  const version = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const info = buildInfo(version);
  const staging = `${outDir}.${process.pid}.${Date.now()}`;
  await build({
    entryPoints: { linkdeck: join(root, 'electron/cli/linkdeck.ts') },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.js' },
    chunkNames: 'chunks/[name]-[hash]',
    external: NATIVE_EXTERNALS,
    define: { LINKDECK_VERSION: JSON.stringify(info.label) },
    // CommonJS dependencies (fastify, ws…) call require() for Node's modules: give them one.
    banner: {
      js: "import { createRequire as __linkdeckRequire } from 'node:module'; const require = __linkdeckRequire(import.meta.url);",
    },
    sourcemap: false,
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  chmodSync(join(staging, 'linkdeck.js'), 0o755);
  // The manual page, from the same definitions the command runs with; in English whatever the
  // build machine's LANG (it is installed as man1/linkdeck.1, the untranslated section).
  const [{ buildProgram }, { manPage }, { tEnglish }] = await Promise.all([
    import('./program.js'),
    import('./man-page.js'),
    import('./i18n.js'),
  ]);
  const program = buildProgram(info.label, async () => {}, tEnglish);
  writeFileSync(join(staging, 'linkdeck.1'), manPage(program, { version: info.label, date: info.date }));
  mkdirSync(resolve(outDir, '..'), { recursive: true });
  // The entry goes last: the chunks it names are in place before it is.
  mkdirSync(join(outDir, 'chunks'), { recursive: true });
  const chunks = new Set(readdirSync(join(staging, 'chunks')));
  for (const chunk of chunks)
    renameSync(join(staging, 'chunks', chunk), join(outDir, 'chunks', chunk));
  renameSync(join(staging, 'linkdeck.1'), join(outDir, 'linkdeck.1'));
  renameSync(join(staging, 'linkdeck.js'), join(outDir, 'linkdeck.js'));
  rmSync(staging, { recursive: true, force: true });
  // Chunks of earlier builds (their names are content hashes): nothing names them any more.
  for (const old of readdirSync(join(outDir, 'chunks')))
    if (!chunks.has(old)) rmSync(join(outDir, 'chunks', old), { force: true });
  return join(outDir, 'linkdeck.js');
}

/**
 * What `--version` says: the package's version, the commit it was built from and that commit's
 * date (the commit's, not the build's: the same sources give the same answer). Outside a git
 * checkout (a source archive) the commit is "unknown commit".
 */
export function buildInfo(version: string): { label: string; commit: string; date: string } {
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  const commit = git(['rev-parse', '--short=10', 'HEAD']);
  const date = git(['log', '-1', '--format=%cs', 'HEAD']) || new Date().toISOString().slice(0, 10);
  const dirty = commit && git(['status', '--porcelain', '--untracked-files=no']) ? '+changes' : '';
  return { label: `${version} (${commit ? `${commit}${dirty}` : 'unknown commit'}, ${date})`, commit, date };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  bundleCli(process.argv[2] ? resolve(process.argv[2]) : undefined).then(
    (file) => console.log(`Built ${file}`),
    (error: unknown) => {
      console.error(`The command line could not be built: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
