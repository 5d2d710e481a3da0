import { describe, expect, it } from 'vitest';
import { englishText } from '../../../electron/shared/message-ref.js';
import { previewRows, tableFromCsv, type BulkLookups } from '../../../electron/shared/bulk-import.js';
import { channelSchemas } from '../../../electron/shared/schemas.js';
import { clashCounts, clashMessage, findAliasClashes, jobRows, type AliasChoices } from '../../../electron/shared/import-aliases.js';

/* The import's dry run: aliases that cannot be kept, the choice for them, channels created on confirmation. */

const NOW = Date.UTC(2026, 0, 1);
const LOOKUPS: BulkLookups = { channels: [{ id: 4, name: 'Newsletter' }], campaigns: [], domains: [{ domain: 'https://go.brand.com' }] };

const FILE = [
  'url,alias,tags,domain,clicks',
  'https://a.example/1,spring,newsletter,,10', // line 2: free
  'https://a.example/2,taken,Summer,,20', // line 3: taken on the target by another URL
  'HTTPS://A.EXAMPLE/3,mine,summer,,', // line 4: same alias and URL as on the target (reuse)
  'https://a.example/4,spring,,,', // line 5: spring again, another URL (line 2 has it)
  'https://a.example/1,spring,,,', // line 6: spring again, same URL as line 2 (one link)
  'https://a.example/5,taken,,go.brand.com,', // line 7: taken only on the service's own domain
  'not a url,bad,,,', // line 8: cannot be read
  'https://a.example/6,,Winter,,5', // line 9: no alias
].join('\n');

const TARGET = [
  { alias: 'taken', url: 'https://other.example/x', domain: null },
  { alias: 'mine', url: 'https://a.example/3', domain: null },
];

const preview = () => previewRows(tableFromCsv(FILE), ['url', 'custom', 'tags', 'domain', 'formerClicks'], LOOKUPS, NOW);
const ALL_RANDOM: AliasChoices = { all: 'random', byLine: new Map() };

describe('alias clashes in the dry run', () => {
  it('counts aliases taken on the target by another URL and aliases used twice in the file; same alias and URL is reuse', () => {
    const p = preview();
    const clashes = findAliasClashes(p.rows, TARGET);
    expect([...clashes.keys()].sort((a, b) => a - b)).toEqual([3, 5]);
    expect(clashes.get(3)).toEqual({ kind: 'target', alias: 'taken', otherUrl: 'https://other.example/x' });
    expect(clashes.get(5)).toEqual({ kind: 'file', alias: 'spring', otherLine: 2 });
    expect(clashCounts(clashes)).toEqual({ target: 1, file: 1, rule: 0 });
    expect(englishText(clashMessage(clashes.get(3)!, 'Work'))).toBe('The alias “taken” is already used on Work by a link to https://other.example/x.');
    expect(englishText(clashMessage(clashes.get(5)!, 'Work'))).toBe('The alias “spring” is already used on line 2 of this file for another URL.');
    // The row that cannot be read keeps its line and its own problem, and is no clash.
    const bad = p.rows.find((r) => r.line === 8);
    expect(bad?.input).toBeNull();
    expect(Object.values(bad?.errors ?? {}).join(' ')).toMatch(/web address|URL/i);
    expect(clashes.has(8)).toBe(false);
  });

  it('the choice for all applies, a row’s own choice overrides it, and each kept row carries it for a refusal at send time', () => {
    const p = preview();
    const clashes = findAliasClashes(p.rows, TARGET);
    const random = jobRows(p.rows, clashes, ALL_RANDOM);
    expect(random.skipped).toBe(0);
    expect(random.renamed).toBe(2);
    expect(random.rows).toHaveLength(7);
    expect(random.rows.map((r) => r.custom)).toEqual(['spring', undefined, 'mine', undefined, 'spring', 'taken', undefined]);
    expect(random.onAliasTaken).toEqual(Array(7).fill('random'));
    expect(random.formerClicks).toEqual([10, 20, null, null, null, null, 5]);

    const skipButLine5: AliasChoices = { all: 'skip', byLine: new Map([[5, 'random']]) };
    const mixed = jobRows(p.rows, clashes, skipButLine5);
    expect(mixed.skipped).toBe(1);
    expect(mixed.renamed).toBe(1);
    expect(mixed.rows.map((r) => r.url)).not.toContain('https://a.example/2');
    expect(mixed.rows.find((r) => r.url === 'https://a.example/4')?.custom).toBeUndefined();
    expect(mixed.onAliasTaken).toEqual(['skip', 'skip', 'random', 'skip', 'skip', 'skip']);
    expect(mixed.formerClicks).toEqual([10, null, null, null, null, 5]);
  });

  it('rows whose tag named a missing channel get the channel created for it (any case); without it they go without', () => {
    const p = preview();
    expect(p.missingChannels).toEqual([
      { name: 'Summer', rows: 2 },
      { name: 'Winter', rows: 1 },
    ]);
    const none = jobRows(p.rows, new Map(), ALL_RANDOM);
    expect(none.rows.filter((r) => r.channel !== undefined).map((r) => r.channel)).toEqual([4]);
    const created = jobRows(p.rows, new Map(), ALL_RANDOM, new Map([['summer', -12], ['winter', 31]]));
    expect(created.rows.map((r) => r.channel)).toEqual([4, -12, -12, undefined, undefined, undefined, 31]);
  });
});

describe('bulk:start arguments', () => {
  const start = channelSchemas['bulk:start'];
  it('take a provisional channel id (a channel the import is creating) and one alias choice per row', () => {
    const rows = [{ url: 'https://a.example/1', custom: 'x', channel: -7 }, { url: 'https://a.example/2' }];
    expect(start.safeParse({ name: 'Import', rows, reuse: true, onAliasTaken: ['skip', 'random'] }).success).toBe(true);
    expect(start.safeParse({ name: 'Import', rows, reuse: true, onAliasTaken: ['skip'] }).success).toBe(false);
    expect(start.safeParse({ name: 'Import', rows, reuse: true, onAliasTaken: ['later', 'skip'] }).success).toBe(false);
    expect(start.safeParse({ name: 'Import', rows: [{ url: 'https://a.example/1', channel: 0 }], reuse: true }).success).toBe(false);
  });

  it('take what the old service knew per row: clicks, created dates and more tags, one entry each per row', () => {
    const rows = [{ url: 'https://a.example/1' }, { url: 'https://a.example/2' }];
    const origin = { source: 'Bitly export', service: 'Bitly', clicks: [3, null], created: [Date.UTC(2023, 3, 2), null], tags: [['q2', 'promo'], null] };
    expect(start.safeParse({ name: 'Import', rows, reuse: true, origin }).success).toBe(true);
    expect(start.safeParse({ name: 'Import', rows, reuse: true, origin: { ...origin, created: [null] } }).success).toBe(false);
    expect(start.safeParse({ name: 'Import', rows, reuse: true, origin: { ...origin, tags: [['x'.repeat(201)], null] } }).success).toBe(false);
    expect(start.safeParse({ name: 'Import', rows, reuse: true, origin: { ...origin, extra: 1 } }).success).toBe(false);
  });
});
