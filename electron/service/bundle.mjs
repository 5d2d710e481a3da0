#!/usr/bin/env node
// @ts-check
/**
 * `npm run build:service [-- --outdir <dir>]`: the link service as one file a self-hoster runs
 * with plain `node` (default out/service/cli.js), beside a package.json naming only the runtime
 * packages the bundle imports, at the versions installed here, so `npm install --omit=dev` in
 * that folder (the container does it) is all it needs. No tsx, no npm at run time.
 *
 * esbuild (not the electron-vite/rolldown build of the app): one call, a Node target, and its
 * metafile says which packages the bundle left outside; it was already installed (tsx uses it).
 *
 * Every package stays outside the bundle (fastify and libsql load files and native code at run
 * time); the build fails when one of them is not a runtime dependency in package.json, so a dev
 * dependency reached from the service is found here and not on a server.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = resolve(values.outdir ?? join(root, 'out/service'));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** "fastify/lib/x" → "fastify", "@scope/pkg/x" → "@scope/pkg". */
const packageOf = (/** @type {string} */ path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');

mkdirSync(outdir, { recursive: true });
const result = await build({
  entryPoints: [join(root, 'electron/service/cli.ts')],
  outfile: join(outdir, 'cli.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node that package.json's engines accept ("^20.19.0 || >=22.12.0" → node20.19.0).
  target: `node${/\d+\.\d+(?:\.\d+)?/.exec(manifest.engines.node)?.[0] ?? '20.19.0'}`,
  packages: 'external',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  banner: { js: '#!/usr/bin/env node' },
});

const imported = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path, external } of output.imports) if (external && !builtins.has(path)) imported.add(packageOf(path));
}
const strays = [...imported].filter((name) => !runtime.has(name));
if (strays.length) {
  console.error(`The service imports ${strays.join(', ')}, which package.json does not list under "dependencies": a server installs only those.`);
  process.exit(1);
}

// The versions package-lock.json pins (what `npm ci` installs here and the tests ran against).
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const version = (/** @type {string} */ name) => lock.packages[`node_modules/${name}`].version;
const dependencies = Object.fromEntries([...imported].sort().map((name) => [name, version(name)]));
writeFileSync(
  join(outdir, 'package.json'),
  `${JSON.stringify(
    {
      name: 'linkdeck-service',
      version: manifest.version,
      private: true,
      description: 'The Linkdeck link service, bundled: node cli.js --help',
      license: manifest.license,
      type: 'module',
      bin: { 'linkdeck-service': 'cli.js' },
      engines: manifest.engines,
      dependencies,
    },
    null,
    2,
  )}\n`,
);
console.log(`Built ${join(outdir, 'cli.js')} (needs ${Object.keys(dependencies).join(', ')}).`);
