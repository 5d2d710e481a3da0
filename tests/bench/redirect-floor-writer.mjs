// Copied into the project (issue 32, item 10) from shared/perf/floor-click-writer.mjs (2026-11-27):
// the writer thread of redirect-floor-server.mjs, unchanged.

// The click writer thread of floor-302-clicks.mjs (see there). Receives clicks as typed arrays
// plus newly interned strings, writes them as the service's writer does (same policy, same
// pragmas, same two statements per transaction), counts what it wrote.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { readlinkSync } from 'node:fs';

const Database = createRequire(import.meta.url)(workerData.libsql);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -32768');

const MAX_TRANSACTION = 16_000;
const WRITE_INTERVAL_MS = 1000;

const addClicks = db.prepare(`UPDATE links SET clicks = clicks + c.n
  FROM (SELECT value ->> 0 AS id, value ->> 1 AS n FROM json_each(?)) AS c WHERE links.id = c.id`);
const insertClicks = db.prepare(`INSERT INTO clicks (link_id, at, country, referrer, browser, os, device, visitor)
  SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7
    FROM json_each(?) AS j`);

// The strings the main thread interned, in id order, JSON-encoded once.
let table = [];
// Waiting clicks: link id and the row's JSON text.
let pIds = [];
let pRows = [];
let written = 0;
let timer;
let immediate;

const write = db.transaction((ids, rows) => {
  // Sorted by link (stable: a link's clicks stay in time order), counted per link.
  const k = ids.length;
  const keys = new Float64Array(k);
  for (let i = 0; i < k; i++) keys[i] = ids[i] * 1_048_576 + i;
  keys.sort();
  const parts = new Array(k);
  const counts = [];
  let last = -1;
  let count = 0;
  for (let i = 0; i < k; i++) {
    const at = keys[i] % 1_048_576;
    const id = ids[at];
    parts[i] = rows[at];
    if (id === last) count++;
    else {
      if (last >= 0) counts.push(`[${last},${count}]`);
      last = id;
      count = 1;
    }
  }
  if (last >= 0) counts.push(`[${last},${count}]`);
  addClicks.run(`[${counts.join(',')}]`);
  insertClicks.run(`[${parts.join(',')}]`);
});

// full: only whole transactions of MAX_TRANSACTION clicks (the size trigger), the rest waiting
// at most WRITE_INTERVAL_MS more; otherwise everything (the timer, a flush, the close).
function writeAll(full = false) {
  clearTimeout(timer);
  timer = undefined;
  clearImmediate(immediate);
  immediate = undefined;
  while (pIds.length >= (full ? MAX_TRANSACTION : 1)) {
    const take = Math.min(MAX_TRANSACTION, pIds.length);
    const ids = take === pIds.length ? pIds : pIds.slice(0, take);
    const rows = take === pRows.length ? pRows : pRows.slice(0, take);
    pIds = take === pIds.length ? [] : pIds.slice(take);
    pRows = take === pRows.length ? [] : pRows.slice(take);
    write(ids, rows);
    written += take;
  }
  if (pIds.length > 0) timer = setTimeout(writeAll, WRITE_INTERVAL_MS);
  // So that the main thread's bound on waiting clicks (MAX_PENDING) counts what is still waiting.
  parentPort.postMessage({ op: 'progress', written });
}
const writeFull = () => writeAll(true);

parentPort.on('message', (m) => {
  if (m.op === 'clicks') {
    if (m.reset) table = [];
    for (const s of m.strings) table.push(JSON.stringify(s));
    const { n, linkIds, ats, fields } = m;
    for (let i = 0; i < n; i++) {
      const f = i * 6;
      pIds.push(linkIds[i]);
      pRows.push(
        `[${linkIds[i]},${ats[i]},${table[fields[f]]},${table[fields[f + 1]]},${table[fields[f + 2]]},${table[fields[f + 3]]},${table[fields[f + 4]]},${table[fields[f + 5]]}]`,
      );
    }
    if (pIds.length >= MAX_TRANSACTION) immediate ??= setImmediate(writeFull);
    else if (pIds.length > 0) timer ??= setTimeout(writeAll, WRITE_INTERVAL_MS);
  } else if (m.op === 'rows') {
    // --service-clicks: [linkId, at, country, referrer, browser, os, device, visitor] per click.
    for (const row of m.rows) {
      pIds.push(row[0]);
      pRows.push(JSON.stringify(row));
    }
    if (pIds.length >= MAX_TRANSACTION) immediate ??= setImmediate(writeFull);
    else if (pIds.length > 0) timer ??= setTimeout(writeAll, WRITE_INTERVAL_MS);
  } else if (m.op === 'flush') {
    writeAll();
    parentPort.postMessage({ op: 'flushed', written });
  } else if (m.op === 'close') {
    writeAll();
    db.close();
    parentPort.close();
  }
});

parentPort.postMessage({ op: 'tid', tid: Number(readlinkSync('/proc/thread-self').split('/').pop()) });
