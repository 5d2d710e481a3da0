/**
 * The click writer thread's code (click-writer-thread.ts starts it): plain CommonJS run with
 * `eval`, so there is no file to find once the service is bundled and no TS loader in the
 * thread. Clicks arrive as typed-array batches with the strings interned since the last batch
 * (click-batch.ts); each click becomes its JSON row text at once, and a transaction writes the
 * rows sorted by link exactly as batchParameters() does for the inline recorder (a test checks
 * both recorders write the same rows), with the batch SQL of click-recorder.ts (the join with
 * links only for a batch with a deleted link).
 */
export const WORKER_SOURCE = `
const { parentPort, workerData: w } = require('node:worker_threads');
const Database = require(w.libsql);
const db = new Database(w.file);
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('cache_size = -' + w.cacheKib);
const addClicks = db.prepare(w.addSql);
const insertClicks = db.prepare(w.insertSql);
const insertClicksOfLiveLinks = db.prepare(w.insertLiveSql);
// Rows sorted by link (stable: a link's clicks keep their order), counted per link. Link ids
// below 2^32 sort as one Float64Array of id * 2^20 + index (exact below 2^52), else by index.
const SPAN = 1048576;
const write = db.transaction((ids, rows) => {
  const k = ids.length;
  let order;
  let small = k < SPAN;
  for (let i = 0; small && i < k; i++) small = ids[i] < 4294967296;
  if (small) {
    const keys = new Float64Array(k);
    for (let i = 0; i < k; i++) keys[i] = ids[i] * SPAN + i;
    keys.sort();
    order = new Array(k);
    for (let i = 0; i < k; i++) order[i] = keys[i] % SPAN;
  } else {
    order = Array.from({ length: k }, (_, i) => i).sort((a, b) => ids[a] - ids[b]);
  }
  const parts = new Array(k);
  const counts = [];
  let last = -1;
  let count = 0;
  for (let i = 0; i < k; i++) {
    const at = order[i];
    const id = ids[at];
    parts[i] = rows[at];
    if (id === last) count++;
    else {
      if (count > 0) counts.push('[' + last + ',' + count + ']');
      last = id;
      count = 1;
    }
  }
  if (count > 0) counts.push('[' + last + ',' + count + ']');
  // Every link of the batch counted (the usual case): the rows go in as they are; otherwise a
  // link was deleted meanwhile and the join leaves its clicks out (click-recorder.ts).
  const counted = addClicks.run('[' + counts.join(',') + ']').changes;
  (counted === counts.length ? insertClicks : insertClicksOfLiveLinks).run('[' + parts.join(',') + ']');
});
// The interned strings, by code, as JSON text.
let table = [];
let transactions = 0;
let written = 0;
let dropped = 0;
// Waiting clicks: link ids and their rows' JSON text.
let pIds = [];
let pRows = [];
let timer;
let immediate;
let retry;
let failing = false;
// full: only whole transactions of maxTransaction clicks (the size trigger); the rest waits for
// the next size trigger or the interval, so a transaction is never a small remainder written
// early (each commit rewrites every page it touched: small ones cost more per click).
// Otherwise everything (the interval, a flush, the close, a retry).
function writeAll(full) {
  clearTimeout(timer);
  timer = undefined;
  clearImmediate(immediate);
  immediate = undefined;
  clearTimeout(retry);
  retry = undefined;
  while (pIds.length >= (full === true ? w.maxTransaction : 1)) {
    const whole = pIds.length <= w.maxTransaction;
    const ids = whole ? pIds : pIds.slice(0, w.maxTransaction);
    const rows = whole ? pRows : pRows.slice(0, w.maxTransaction);
    pIds = whole ? [] : pIds.slice(w.maxTransaction);
    pRows = whole ? [] : pRows.slice(w.maxTransaction);
    try {
      write(ids, rows);
      transactions++;
      written += ids.length;
      failing = false;
    } catch (e) {
      pIds = ids.concat(pIds);
      pRows = rows.concat(pRows);
      bound();
      if (!failing) parentPort.postMessage({ op: 'error', message: String(e && e.message) });
      failing = true;
      retry = setTimeout(writeAll, w.retryMs);
      return;
    }
  }
  if (pIds.length > 0) timer = setTimeout(writeAll, w.writeIntervalMs);
}
const writeFull = () => writeAll(true);
// If the database keeps refusing writes, the oldest clicks beyond maxPending are given up.
function bound() {
  const over = pIds.length - w.maxPending;
  if (over > 0) {
    dropped += over;
    pIds = pIds.slice(over);
    pRows = pRows.slice(over);
  }
}
parentPort.on('message', (m) => {
  if (m.op === 'clicks') {
    if (m.reset) table = [];
    for (const s of m.strings) table.push(JSON.stringify(s));
    const { n, ids, ats, fields } = m;
    for (let i = 0; i < n; i++) {
      const f = i * 6;
      pIds.push(ids[i]);
      pRows.push('[' + ids[i] + ',' + ats[i] + ',' + table[fields[f]] + ',' + table[fields[f + 1]] + ',' + table[fields[f + 2]] + ',' +
        table[fields[f + 3]] + ',' + table[fields[f + 4]] + ',' + table[fields[f + 5]] + ']');
    }
    bound();
    if (retry || pIds.length === 0) return;
    if (pIds.length >= w.maxTransaction) immediate ??= setImmediate(writeFull);
    else timer ??= setTimeout(writeAll, w.writeIntervalMs);
  } else if (m.op === 'flush') {
    writeAll();
    parentPort.postMessage({ op: 'flushed', id: m.id });
  } else if (m.op === 'stats') {
    // After the writes already due (immediates run in order): what is left really waits.
    setImmediate(() => parentPort.postMessage({ op: 'stats', id: m.id, stats: { transactions, pending: pIds.length, written, dropped, failing } }));
  } else if (m.op === 'close') {
    writeAll();
    // A failed last write is not retried: the thread must end (the error was reported).
    clearTimeout(retry);
    db.close();
    parentPort.close();
  }
});
`;
