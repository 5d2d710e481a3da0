import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const workflow = readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8');
const electronEngines = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { engines?: { node?: string } }).engines?.node ?? '';

/** The lines of one job of the workflow (from `  <job>:` to the next job). */
function jobLines(job: string): string[] {
  const lines = workflow.split('\n');
  const start = lines.indexOf(`  ${job}:`);
  if (start < 0) throw new Error(`The workflow has no job "${job}".`);
  const end = lines.findIndex((line, i) => i > start && /^ {2}[a-z][\w-]*:\s*$/.test(line));
  return lines.slice(start, end < 0 ? undefined : end);
}

/**
 * The Node each command of the app's `test` job runs on (the service image job has its own):
 * the steps are read in order, and each `node-version:` of a setup-node step holds until the next.
 */
function nodeFor(command: string): string[] {
  let current = 'runner default';
  const seen: string[] = [];
  for (const line of jobLines('test')) {
    const version = /^\s*node-version:\s*(\S+)/.exec(line)?.[1];
    if (version) current = version;
    else if (!line.trim().startsWith('#') && line.includes(command)) seen.push(current);
  }
  return seen;
}

describe('the GitHub workflow runs each step on the Node it needs', () => {
  it('downloads Electron (its install script, and electron-builder through @electron/get) on Node 22, which Electron 45 declares', () => {
    expect(electronEngines).toMatch(/>=\s*22\.12/);
    expect(nodeFor('node_modules/electron/install.js')).toEqual(['22']);
    expect(nodeFor('npm run dist')).toEqual(['22']);
  });

  it('installs and tests on Node 20, the Node the project is developed on (and keytar, optional, is compiled for)', () => {
    expect(nodeFor('npm ci')).toEqual(['20']);
    expect(nodeFor('run: npm test')).toEqual(['20']);
  });
});
