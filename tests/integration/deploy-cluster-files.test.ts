import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { skipBecause } from '../support/skip-reason.js';
import { ROOT } from './support/service-process.js';

/*
 * The compose profile "postgres" (issue 42): PostgreSQL, two nodes, and a Caddy balancing between
 * them. Checked by the tools that read these files where they are installed (Debian's caddy and
 * docker-compose packages), and for the addresses the files must agree on.
 */

const deploy = (file: string) => readFileSync(join(ROOT, 'resources/deploy', file), 'utf8');
const compose = deploy('compose.yaml');
const caddyfile = deploy('Caddyfile.cluster');
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The block of one service in compose.yaml (its lines up to the next service). */
function service(name: string): string {
  const m = new RegExp(`^ {2}${name}:.*\\n((?: {4}.*\\n|\\s*\\n)*)`, 'm').exec(compose);
  if (!m) throw new Error(`compose.yaml has no service ${name}`);
  return m[1] as string;
}

describe('compose profile "postgres" and Caddyfile.cluster', () => {
  it('puts PostgreSQL, two nodes on it and their Caddy in the profile, the nodes believing that Caddy only', () => {
    for (const name of ['postgres', 'linkdeck-1', 'caddy-cluster']) expect(service(name), name).toMatch(/^ {4}profiles: \["postgres"\]$/m);
    // linkdeck-2 is linkdeck-1 through YAML's merge key, with its own address.
    expect(service('linkdeck-2')).toMatch(/^ {4}<<: \*node$/m);
    expect(service('linkdeck-1')).toMatch(/^ {6}LINKDECK_DATABASE_URL: postgres:\/\/linkdeck:\$\{POSTGRES_PASSWORD:-\}@postgres:5432\/linkdeck$/m);
    const caddyAddress = /ipv4_address: (\S+)/.exec(service('caddy-cluster'))?.[1];
    expect(service('linkdeck-1')).toContain(`LINKDECK_TRUST_PROXY: ${caddyAddress}`);
    // Caddy balances over exactly the node services, on the port the image listens on.
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(['linkdeck-1:8080', 'linkdeck-2:8080']);
    expect(caddyfile).toMatch(/^\t\thealth_uri \/readyz$/m);
    expect(service('caddy-cluster')).toContain('./Caddyfile.cluster:/etc/caddy/Caddyfile:ro');
  });

  it.skipIf(skipBecause(!has('caddy'), 'caddy is not installed here (apt-get install caddy), so Caddyfile.cluster is not validated'))(
    'Caddyfile.cluster passes caddy validate',
    () => {
      const r = spawnSync('caddy', ['validate', '--config', join(ROOT, 'resources/deploy/Caddyfile.cluster'), '--adapter', 'caddyfile'], {
        encoding: 'utf8',
        env: { ...process.env, LINKDECK_DOMAIN: 'go.example.com' },
        timeout: 60_000,
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr + r.stdout).toContain('Valid configuration');
    },
  );

  it.skipIf(skipBecause(!has('docker-compose'), 'docker-compose is not installed here (apt-get install docker-compose), so compose.yaml is not validated'))(
    'compose.yaml passes docker-compose config with the profile on, every service of it resolved',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'linkdeck-compose-'));
      dirs.push(dir);
      // Debian's docker-compose (1.29) predates the top-level name: that Compose v2 reads.
      writeFileSync(join(dir, 'compose.yaml'), compose.replace(/^name: .*\n/m, ''));
      const r = spawnSync('docker-compose', ['-f', join(dir, 'compose.yaml'), '--profile', 'postgres', 'config'], {
        encoding: 'utf8',
        env: { ...process.env, LINKDECK_DOMAIN: 'go.example.com', POSTGRES_PASSWORD: '0123abcd' },
        timeout: 60_000,
      });
      expect(r.status, r.stderr).toBe(0);
      // The merged second node: the first node's settings, its own address.
      const node2 = /^ {2}linkdeck-2:\n((?: {4}.*\n)*)/m.exec(r.stdout)?.[1] ?? '';
      expect(node2).toContain('LINKDECK_DATABASE_URL: postgres://linkdeck:0123abcd@postgres:5432/linkdeck');
      expect(node2).toContain('ipv4_address: 172.30.80.22');
      expect(node2).toMatch(/condition: service_healthy/);
    },
  );
});
