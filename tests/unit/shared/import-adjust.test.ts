/**
 * Only the long URL can refuse an imported link (issue 39, item 1): an alias the rules refuse,
 * an expiry already past, a count or date that cannot be read are adjusted, said on the row and
 * in the job's rows, and their old values kept for the link's origin.
 */
import { describe, expect, it } from 'vitest';
import { englishText } from '../../../electron/shared/message-ref.js';
import { readFileSync } from 'node:fs';
import { guessMapping, previewRows, tableFromCsv, type BulkLookups } from '../../../electron/shared/bulk-import.js';
import { readImportFile } from '../../../electron/shared/import-file.js';
import { clashMessage, findAliasClashes, jobOrigin, jobRows, type AliasChoices } from '../../../electron/shared/import-aliases.js';
import { recogniseFormat } from '../../../electron/shared/import-formats.js';
import { channelSchemas } from '../../../electron/shared/schemas.js';
import { fixturePath } from '../../support/import-fixtures.js';

const NOW = Date.UTC(2026, 0, 1);
const lookups: BulkLookups = { channels: [], campaigns: [], domains: [] };
const RANDOM: AliasChoices = { all: 'random', byLine: new Map() };
const KEEP_OR_SKIP: AliasChoices = { all: 'skip', byLine: new Map() };

function fileTable(name: string) {
  const file = readImportFile(name, new Uint8Array(readFileSync(fixturePath(name))));
  if ('error' in file) throw new Error(file.error);
  return file.table;
}

describe('an alias the service refuses by its rules', () => {
  const table = fileTable('yourls-short-keywords.json');
  const preview = previewRows(table, guessMapping(table), lookups, NOW);

  it('YOURLS keywords of one and two characters are ready rows, set aside for a new alias, the rule said', () => {
    expect(preview.valid).toBe(4);
    expect(preview.invalid).toBe(0);
    const [first, second, third, fourth] = preview.rows;
    expect(first?.input?.custom).toBeUndefined();
    expect(first?.aliasRefused?.alias).toBe('1h');
    expect(englishText(first!.aliasRefused!.reason)).toBe('The custom alias must be 3 to 64 characters long; this one has 2.');
    expect(second?.aliasRefused?.alias).toBe('1f');
    expect(third?.aliasRefused?.alias).toBe('z');
    expect(fourth?.input?.custom).toBe('newsletter');
    const clashes = findAliasClashes(preview.rows, []);
    expect(englishText(clashMessage(clashes.get(first!.line)!, 'Work'))).toBe('The alias “1h” cannot be kept on Work. The custom alias must be 3 to 64 characters long; this one has 2.');
  });

  it('made with a new alias by default: the result note says why, the origin keeps the old alias', () => {
    const out = jobRows(preview.rows, findAliasClashes(preview.rows, []), RANDOM);
    expect(out.rows.map((r) => r.custom)).toEqual([undefined, undefined, undefined, 'newsletter']);
    expect(out.renamed).toBe(3);
    expect(out.kept[0]).toEqual({ alias: '1h', notes: ['Made with a new alias: “1h” cannot be kept. The custom alias must be 3 to 64 characters long; this one has 2.'] });
    expect(out.kept[3]).toBeNull();
    const origin = jobOrigin(out, { label: 'YOURLS API answer', service: 'YOURLS' });
    expect(origin?.kept?.[1]?.alias).toBe('1f');
    // What the window sends passes the boundary's schema.
    expect(channelSchemas['bulk:start'].safeParse({ name: 'y', rows: out.rows, reuse: true, origin }).success).toBe(true);
  });

  it('"keep the old alias or skip": the rows that cannot keep theirs are skipped', () => {
    const out = jobRows(preview.rows, findAliasClashes(preview.rows, []), KEEP_OR_SKIP);
    expect(out.rows.map((r) => r.custom)).toEqual(['newsletter']);
    expect(out.skipped).toBe(3);
  });
});

describe('an expiry already past (Short.io expiresAt)', () => {
  const table = fileTable('shortio-expired.csv');
  const known = recogniseFormat(table.headers);
  const preview = previewRows(table, guessMapping(table), lookups, NOW);

  it('is not the row’s error: the row is ready, its expiry set aside and kept', () => {
    expect(known?.service).toBe('Short.io');
    expect(preview.invalid).toBe(0);
    const [summer, docs, webinar] = preview.rows;
    expect(summer?.input).toMatchObject({ url: 'https://example.com/summer-sale', custom: 'summer' });
    expect(summer?.input).not.toHaveProperty('expiry');
    expect(summer?.expired).toEqual({ at: Date.UTC(2024, 6, 30), text: '2024-07-30T00:00:00.000Z' });
    expect(summer?.kept?.expiry).toBe('2024-07-30T00:00:00.000Z');
    expect(docs?.expired).toBeUndefined();
    expect(webinar?.input?.expiry).toBe('2099-12-31 23:59:00');
  });

  it('"import them without an expiry": each such row says when it expired and where', () => {
    const out = jobRows(preview.rows, new Map(), RANDOM, new Map(), { expired: 'without-expiry', service: known?.service });
    expect(out.rows).toHaveLength(3);
    expect(out.kept[0]?.notes).toEqual(['Imported without an expiry: it expired on Short.io on 2024-07-30.']);
    expect(out.kept[0]?.expiry).toBe('2024-07-30T00:00:00.000Z');
    expect(out.expiredLeftOut).toBe(0);
  });

  it('"leave them out": the expired rows are not in the job, and counted', () => {
    const out = jobRows(preview.rows, new Map(), RANDOM, new Map(), { expired: 'leave-out', service: 'Short.io' });
    expect(out.rows.map((r) => r.url)).toEqual(['https://example.com/docs', 'https://example.com/webinar']);
    expect(out.expiredLeftOut).toBe(1);
  });
});

describe('a click count or date that cannot be read', () => {
  it('is left out of the link, said on its row and in the job, the value kept', () => {
    const table = tableFromCsv('Destination URL,Custom Link,Engagements,Date Created\nhttps://example.com/a,https://bit.ly/abc,lots,sometime\nhttps://example.com/b,https://bit.ly/bcd,5,2024-01-02\n');
    const preview = previewRows(table, guessMapping(table), lookups, NOW);
    const [a, b] = preview.rows;
    expect(a?.input).toEqual({ url: 'https://example.com/a', custom: 'abc' });
    expect(a?.notes?.map(englishText)).toEqual([
      'The click count “lots” cannot be read: the link is imported without it.',
      'The created date “sometime” cannot be read: the link is imported without it.',
    ]);
    expect(b?.formerClicks).toBe(5);
    const out = jobRows(preview.rows, new Map(), RANDOM);
    expect(out.kept[0]?.leftOut).toEqual([
      { field: 'clicks', value: 'lots' },
      { field: 'created', value: 'sometime' },
    ]);
    expect(out.formerClicks).toEqual([null, 5]);
  });
});
