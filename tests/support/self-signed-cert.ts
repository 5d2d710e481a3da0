import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throw-away self-signed certificate made by the openssl CLI at test time (node cannot make
 * one by itself), valid for two days; `{ skip }` with the reason when openssl is missing or fails.
 * `names` go into subjectAltName (`IP:127.0.0.1`, `DNS:go.example.test`); the first is the CN.
 */
export function selfSignedCert(names: string[] = ['IP:127.0.0.1']): { key: string; cert: string } | { skip: string } {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-tls-'));
  try {
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        `/CN=${(names[0] ?? 'IP:127.0.0.1').replace(/^(IP|DNS):/, '')}`,
        '-addext',
        `subjectAltName=${names.join(',')}`,
      ],
      { encoding: 'utf8' },
    );
    if (made.error) return { skip: `openssl could not be run (${made.error.message})` };
    if (made.status !== 0) return { skip: `openssl failed: ${made.stderr.trim().slice(0, 300)}` };
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
