/**
 * Only the long URL refuses a link (issue 39), against the real local service: a YOURLS answer
 * whose keywords have one and two characters (YOURLS numbers its links in base 36) and a Short.io
 * export with an expired link, each imported twice as the Bulk view imports them. Every link is
 * made once (its alias set aside for a new one, its expiry left out as chosen), found again the
 * second time, and its origin keeps the old alias and expiry; the result file says why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guessMapping, previewRows } from '../../electron/shared/bulk-import.js';
import { findAliasClashes, jobOrigin, jobRows } from '../../electron/shared/import-aliases.js';
import { readImportFile } from '../../electron/shared/import-file.js';
import { recogniseFormat } from '../../electron/shared/import-formats.js';
import { fixturePath } from '../support/import-fixtures.js';
import { bulkService, type BulkWorkspace } from './support/bulk-workspace.js';

const world = bulkService();

/** One import as the Bulk view starts it: file → recognised columns → preview → job, the expired links imported without an expiry. */
async function importFile(opened: BulkWorkspace, name: string, round: number) {
  const file = readImportFile(name, readFileSync(fixturePath(name)));
  if ('error' in file) throw new Error(file.error);
  const known = recogniseFormat(file.table.headers);
  const preview = previewRows(file.table, guessMapping(file.table), { channels: [], campaigns: [], domains: [] }, Date.now());
  const clashes = findAliasClashes(preview.rows, []);
  const out = jobRows(preview.rows, clashes, { all: 'random', byLine: new Map() }, new Map(), { expired: 'without-expiry', ...(known?.service ? { service: known.service } : {}) });
  const origin = jobOrigin(out, known ? { label: file.label ?? known.label, service: known.service } : null);
  const job = opened.ws.bulk.create({ name: `${name} ${round}`, rows: out.rows, reuse: true, ...(origin ? { origin } : {}), onAliasTaken: out.onAliasTaken });
  const finished = await opened.finished(job.id);
  return { preview, finished, rows: opened.ws.bulk.rows(job.id, 0, 100).rows, result: opened.ws.bulk.resultCsv(job.id).content };
}

async function serviceLinks(): Promise<{ alias: string; longurl: string }[]> {
  const answer = await world.service.api<{ data: { urls: { alias: string; longurl: string }[] } }>('GET', '/api/urls?limit=100');
  return answer.json.data.urls;
}

describe('links the target cannot take as they were are adjusted, never refused', () => {
  it('YOURLS keywords of one and two characters and an expired Short.io link, each file twice: every link once, with its origin', async () => {
    const opened = world.open();
    await opened.synced;

    const yourls1 = await importFile(opened, 'yourls-short-keywords.json', 1);
    expect(yourls1.preview.invalid).toBe(0);
    expect(yourls1.finished.counts).toMatchObject({ created: 4, failed: 0 });
    const yourls2 = await importFile(opened, 'yourls-short-keywords.json', 2);
    expect(yourls2.finished.counts).toMatchObject({ created: 0, reused: 4, failed: 0 });
    expect(yourls2.rows.map((r) => r.linkId)).toEqual(yourls1.rows.map((r) => r.linkId));

    const shortio1 = await importFile(opened, 'shortio-expired.csv', 1);
    expect(shortio1.preview.invalid).toBe(0);
    expect(shortio1.finished.counts).toMatchObject({ created: 3, failed: 0 });
    const shortio2 = await importFile(opened, 'shortio-expired.csv', 2);
    expect(shortio2.finished.counts).toMatchObject({ created: 0, reused: 3, failed: 0 });
    expect(shortio2.rows.map((r) => r.linkId)).toEqual(shortio1.rows.map((r) => r.linkId));

    // Every long URL is on the service exactly once.
    const links = await serviceLinks();
    const urls = links.map((l) => l.longurl).sort();
    expect(urls).toEqual([
      'https://example.com/about',
      'https://example.com/contact',
      'https://example.com/docs',
      'https://example.com/first-post',
      'https://example.com/newsletter',
      'https://example.com/summer-sale',
      'https://example.com/webinar',
    ]);
    const byUrl = new Map(links.map((l) => [l.longurl, l.alias]));
    expect(byUrl.get('https://example.com/newsletter')).toBe('newsletter');
    expect(byUrl.get('https://example.com/summer-sale')).toBe('summer');
    expect(byUrl.get('https://example.com/first-post')).toMatch(/^[A-Za-z0-9_-]{3,}$/);

    // The origin keeps what the link could not take: YOURLS's keyword, Short.io's expiry.
    const firstPost = yourls1.rows[0]?.linkId as number;
    expect(opened.ws.data.mirror.linkDetails(firstPost)?.origins).toMatchObject([{ source: 'YOURLS API answer', service: 'YOURLS', clicks: 1532, oldAlias: '1h' }]);
    const summer = shortio1.rows[0]?.linkId as number;
    expect(opened.ws.data.mirror.linkDetails(summer)?.origins).toMatchObject([{ service: 'Short.io', clicks: 310, oldExpiry: '2024-07-30T00:00:00.000Z' }]);

    // The result file says what was adjusted on each row.
    expect(yourls1.result).toContain('Made with a new alias: “1h” cannot be kept. The custom alias must be 3 to 64 characters long; this one has 2.');
    expect(shortio1.result).toContain('Imported without an expiry: it expired on Short.io on 2024-07-30.');
  });
});
