/**
 * A Bitly Links-page export and a saved YOURLS answer imported into the real local service
 * (issue 30), each run twice, as the Bulk view runs them: the file read and recognised
 * (shared/import-file.ts), the preview, the job rows with what the old service knew, and a bulk
 * job through a profile workspace (mirror, outbox, scheduler, API client). Nothing is made twice;
 * the created date, tags after the first and former clicks are kept per source.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guessMapping, previewRows } from '../../electron/shared/bulk-import.js';
import { jobOrigin, jobRows } from '../../electron/shared/import-aliases.js';
import { readImportFile } from '../../electron/shared/import-file.js';
import { recogniseFormat } from '../../electron/shared/import-formats.js';
import { fixturePath } from '../support/import-fixtures.js';
import { bulkService, type BulkWorkspace } from './support/bulk-workspace.js';

const world = bulkService();

/** One import as the Bulk view starts it: file → recognised columns → preview → job. */
async function importFile(opened: BulkWorkspace, name: string, round: number) {
  const file = readImportFile(name, readFileSync(fixturePath(name)));
  if ('error' in file) throw new Error(file.error);
  const known = recogniseFormat(file.table.headers);
  const preview = previewRows(file.table, guessMapping(file.table), { channels: [], campaigns: [], domains: [] }, Date.now());
  const out = jobRows(preview.rows, new Map(), { all: 'random', byLine: new Map() });
  const origin = jobOrigin(out, known ? { label: file.label ?? known.label, service: known.service } : null);
  const job = opened.ws.bulk.create({ name: `${name} ${round}`, rows: out.rows, reuse: true, ...(origin ? { origin } : {}), onAliasTaken: out.onAliasTaken });
  const finished = await opened.finished(job.id);
  return { preview, finished, rows: opened.ws.bulk.rows(job.id, 0, 100).rows };
}

async function serviceLinks(): Promise<{ alias: string; longurl: string }[]> {
  const answer = await world.service.api<{ data: { urls: { alias: string; longurl: string }[] } }>('GET', '/api/urls?limit=100');
  return answer.json.data.urls;
}

describe('importing the files people have into the local service', () => {
  it('a Bitly export and a YOURLS dump, each run twice: every link made once, what the old services knew kept per source', async () => {
    const opened = world.open();
    await opened.synced;

    const bitly1 = await importFile(opened, 'bitly-links.csv', 1);
    expect(bitly1.preview.invalid).toBe(1);
    expect(bitly1.preview.rows.find((r) => r.input === null)).toMatchObject({ line: 8, errors: { url: expect.stringMatching(/URL is required/) } });
    expect(bitly1.finished.counts).toMatchObject({ created: 6, failed: 0 });
    const bitly2 = await importFile(opened, 'bitly-links.csv', 2);
    expect(bitly2.finished.counts).toMatchObject({ created: 0, reused: 6, failed: 0 });
    expect(bitly2.rows.map((r) => r.linkId)).toEqual(bitly1.rows.map((r) => r.linkId));

    const yourls1 = await importFile(opened, 'yourls-stats.json', 1);
    expect(yourls1.finished.counts.failed).toBe(0);
    const yourls2 = await importFile(opened, 'yourls-stats.json', 2);
    expect(yourls2.finished.counts).toMatchObject({ created: 0, failed: 0 });
    expect(yourls2.rows.map((r) => r.linkId)).toEqual(yourls1.rows.map((r) => r.linkId));

    // Nothing made twice: one link per alias, and each alias of both files is there.
    const links = await serviceLinks();
    const aliases = links.map((l) => l.alias);
    expect(new Set(aliases).size).toBe(aliases.length);
    expect(aliases).toEqual(expect.arrayContaining(['spring-sale', 'cafe-creme', 'launch', '3TokyoQ', '3NoTitl', '4QwErT']));
    expect(links.find((l) => l.alias === 'spring-sale')?.longurl).toBe('https://shop.example.com/sale?utm_source=import&utm_medium=social#top');

    // The link both files name (same alias, same destination) keeps one entry per source.
    const spring = bitly1.rows[0]?.linkId as number;
    expect(yourls1.rows[0]?.linkId).toBe(spring);
    expect(opened.ws.data.mirror.linkDetails(spring)?.origins).toMatchObject([
      { source: 'Bitly export', service: 'Bitly', clicks: 2500000, created: Date.UTC(2023, 3, 2, 9, 30), tags: ['spring', 'q2'] },
      { source: 'YOURLS API answer', service: 'YOURLS', clicks: 2500000, created: Date.UTC(2023, 3, 2, 9, 30), tags: [] },
    ]);
  });
});
