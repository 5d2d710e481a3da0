import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const json = (path: string) =>
  JSON.parse(readFileSync(join(root, path), 'utf8')) as { engines?: { node?: string } };

type Version = [number, number, number];
const parse = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text.split('.').map(Number);
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether `version` is in an npm range made of `^X.Y.Z` and `>=X.Y.Z` parts joined by `||` (the
 * only forms package.json uses here; any other form fails the test rather than being guessed).
 */
function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split('||').some((part) => {
    const m = /^\s*(\^|>=\s*)(\d+\.\d+\.\d+)\s*$/.exec(part);
    if (!m) throw new Error(`engines part "${part}" is not ^X.Y.Z or >=X.Y.Z`);
    const low = parse(m[2]!);
    if (compare(v, low) < 0) return false;
    return m[1] === '^' ? v[0] === low[0] : true;
  });
}

describe("package.json's Node range", () => {
  const engines = json('package.json').engines?.node ?? '';
  const electronNeeds =
    /(\d+\.\d+\.\d+)/.exec(json('node_modules/electron/package.json').engines?.node ?? '')?.[1] ??
    '';

  it('takes Node 20.19+ (install, build, tests, web shell) and the Nodes that can download Electron, and no Node between', () => {
    for (const ok of ['20.19.0', '20.20.2', electronNeeds, '24.1.0'])
      expect(satisfies(ok, engines), ok).toBe(true);
    for (const no of ['18.20.0', '20.18.3', '21.7.3', '22.0.0', '22.11.0'])
      expect(satisfies(no, engines), no).toBe(false);
  });

  it("starts its upper part where Electron's own engines start", () => {
    expect(electronNeeds).toMatch(/^22\./);
    expect(engines).toContain(`>=${electronNeeds}`);
  });
});
