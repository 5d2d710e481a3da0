// Copied into the project (issue 32, item 10) from the same-work floor the issue points to
// (shared/perf/floor-302-clicks.mjs, 2026-11-27), so that `npm run bench:service` can load it beside the
// service without anything outside the repository. Differences: the writer's file name, this note,
// and one tick object kept alive (as the service does, electron/service/tick-objects.ts), so that
// the floor cannot fall into V8's slow nextTick state either and flatter the ratio.
// Its writer thread is redirect-floor-writer.mjs.

// The "same-work floor" of the local service's redirect: plain node:http answering GET /<alias>
// with the service's 302 (location, cache-control: no-store, content-length: 0) AND recording a
// durable click per redirect in the service's own schema, the simplest fast way. It is what
// "redirect + durable click" costs on this machine with nothing else in the way; compare the
// service to this, not only to bare-302.mjs (which records nothing).
//
//   node floor-302-clicks.mjs <port> <path to a COPY of linkdeck-service.db> [options]
//     --array-headers      answer with writeHead(302, [flat array]) as the service does
//                          (default: a plain object)
//     --headers-object     read the visit's headers from req.headers (what the service does)
//                          instead of scanning req.rawHeaders
//     --service-timeouts   the service's server options (headersTimeout 10 s, requestTimeout
//                          30 s, keepAliveTimeout 5 s, connectionsCheckingInterval 1 s,
//                          maxConnections 512) instead of node:http's defaults
//     --hash-every         a fresh salted SHA-256 per visit (no per-visitor cache)
//     --service-clicks     hand clicks to the writer the service's way (a click object, then an
//                          8-element array per click, postMessage (structured clone) of 1,000
//                          rows or after a 100 ms timer armed by the first click of a buffer)
//
// Per GET /<alias> it does what the service's direct redirect does for such a link (link-visit.ts
// countVisit, visitor.ts): the link from a Map loaded at start (alias -> id, target), expiry, the
// country from CF-IPCountry (readCountry), the referrer's host (new URL, cached per Referer value),
// browser / OS / device from the User-Agent (the same rules as user-agent.ts, cached per value),
// the visitor: salted SHA-256 of "salt\nip\nuser-agent\nday", 32 hex digits (cached per address and
// agent for the UTC day, at most 10,000, as the service does), and the click appended to typed
// arrays (strings interned: a click is six small numbers, a link id and a time).
// Clicks travel to a worker thread every 100 ms or 4,000 clicks (the buffers are transferred, not
// copied) and the worker writes them as the service's writer does: one transaction at most 1 s
// after the first waiting click or at once when 16,000 wait (16,000 per transaction, the rest
// waiting for the next 16,000 or the 1 s timer), rows
// sorted by link, ONE INSERT ... SELECT FROM json_each(?) for the rows and ONE UPDATE for the
// per-link counts; WAL, synchronous=NORMAL, foreign_keys=ON, busy_timeout 5 s, 32 MiB cache and
// the default checkpointing (same durability window as the service).
// Only links the direct path would answer are loaded: domain 0 (no branded domains),
// redirect_type 'direct', no password, no targeting, no parameters; everything else gets a 404.
// HEAD is answered and not counted, as in the service.
//
// SIGUSR2: hands every buffered click to the writer, waits until they are written and prints one
// JSON line {answered, clicks, written, dropped, workerTid}. SIGTERM / SIGINT: the same, then exits.
import http from 'node:http';
import { createRequire } from 'node:module';
import { hash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { executionAsyncResource } from 'node:async_hooks';

let keptTick;
process.nextTick(() => (keptTick = executionAsyncResource()));
process.on('exit', () => void keptTick);

const require = createRequire((process.env.PROJECT ?? process.cwd()) + '/package.json');
const Database = require('libsql');
const libsqlPath = require.resolve('libsql');

const [portArg, file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: node redirect-floor-server.mjs <port> <db file> [--array-headers] [--headers-object] [--service-timeouts] [--hash-every]');
  process.exit(2);
}
const ARRAY_HEADERS = flags.includes('--array-headers');
const HEADERS_OBJECT = flags.includes('--headers-object');
const SERVICE_TIMEOUTS = flags.includes('--service-timeouts');
const HASH_EVERY = flags.includes('--hash-every');
const SERVICE_CLICKS = flags.includes('--service-clicks');

// ------------------------------------------------------------------ links and salt, read once
const links = new Map();
let salt;
{
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  salt = db.prepare("SELECT value FROM settings WHERE key = 'visitor_salt'").raw().get()?.[0];
  if (!salt) throw new Error('no visitor_salt in settings: give a copy of a service database that has served a redirect');
  const rows = db
    .prepare(
      `SELECT id, alias, long_url, expires_at FROM links WHERE domain_id = 0 AND redirect_type = 'direct'
         AND password_hash IS NULL AND geotarget = '[]' AND devicetarget = '[]' AND languagetarget = '[]'
         AND deeplink = '{}' AND parameters = '[]'`,
    )
    .raw()
    .all();
  for (const [id, alias, url, expiresAt] of rows) {
    let location;
    try {
      const u = new URL(url);
      if (['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:', 'filesystem:'].includes(u.protocol)) continue;
      location = /^[\x21-\x7e]+$/.test(url) ? url : u.href;
    } catch {
      continue;
    }
    links.set(alias, {
      id,
      expiresAt: expiresAt ?? Infinity,
      headers: ARRAY_HEADERS
        ? ['location', location, 'cache-control', 'no-store', 'content-length', '0']
        : { location, 'cache-control': 'no-store', 'content-length': '0' },
    });
  }
  db.close();
}

// ------------------------------------------------------------------ what a visit derives
function readCountry(text) {
  if (!text || text.length !== 2) return '';
  const code = text.toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : '';
}

function referrerHost(value) {
  if (value.length > 4096) return '';
  try {
    return new URL(value).hostname.toLowerCase();
  } catch {
    return '';
  }
}

// user-agent.ts, the same rules in the same order.
function detectDevice(ua) {
  if (/windows phone|windows mobile|iemobile/i.test(ua)) return 'windows phone';
  if (/ipad/i.test(ua)) return 'ipad';
  if (/iphone|ipod/i.test(ua)) return 'iphone';
  if (/blackberry|\bbb10\b|playbook/i.test(ua)) return 'blackberry';
  if (/android/i.test(ua)) return 'android';
  if (/windows/i.test(ua)) return 'windows';
  if (/macintosh|mac os x/i.test(ua)) return 'macos';
  if (/linux|x11|cros/i.test(ua)) return 'linux';
  return '';
}
const OS = { 'windows phone': 'Windows Phone', iphone: 'iOS', ipad: 'iOS', blackberry: 'BlackBerry', android: 'Android', windows: 'Windows', macos: 'macOS' };
function detectBrowser(ua) {
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\bOPR\/|\bOpera\b|\bOPiOS\//.test(ua)) return 'Opera';
  if (/\bSamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'Firefox';
  if (/\bMSIE |\bTrident\//.test(ua)) return 'IE';
  if (/\bChrome\/|\bCriOS\/|\bChromium\//.test(ua)) return 'Chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua) || /\b(iPhone|iPad|iPod)\b.*\bAppleWebKit\//.test(ua)) return 'Safari';
  return 'Other';
}

// Strings interned: a click travels as numbers. The table starts over (told to the writer) when
// it holds too many, so made-up values cannot grow it without bound.
const MAX_STRINGS = 50_000;
let strings = new Map();
let newStrings = [];
let resetStrings = false;
function intern(s) {
  let id = strings.get(s);
  if (id === undefined) {
    id = strings.size;
    strings.set(s, id);
    newStrings.push(s);
  }
  return id;
}

// Per User-Agent value: its browser/OS/device; per Referer value: its host; per address and agent
// for the UTC day: the visitor hash. All bounded, as the service's caches are.
const agents = new Map();
const UNKNOWN_AGENT = { browser: 'Unknown', os: 'Unknown', device: '' };
function agentOf(ua) {
  if (!ua) return UNKNOWN_AGENT;
  let a = agents.get(ua);
  if (a === undefined) {
    if (!ua.trim()) a = UNKNOWN_AGENT;
    else {
      const device = detectDevice(ua);
      a = { browser: detectBrowser(ua), os: device === 'linux' ? (/\bcros\b/i.test(ua) ? 'ChromeOS' : 'Linux') : (OS[device] ?? 'Other'), device };
    }
    if (ua.length <= 512) {
      if (agents.size >= 2000) agents.clear();
      agents.set(ua, a);
    }
  }
  return a;
}
const referrers = new Map();
function referrerOf(value) {
  if (!value) return '';
  let host = referrers.get(value);
  if (host === undefined) {
    host = referrerHost(value);
    if (value.length <= 512) {
      if (referrers.size >= 2000) referrers.clear();
      referrers.set(value, host);
    }
  }
  return host;
}
const DAY_MS = 86_400_000;
let visitorDay = NaN;
let visitors = new Map(); // address -> Map(agent -> hash)
let visitorCount = 0;
function visitorOf(ip, ua, at) {
  const day = Math.floor(at / DAY_MS);
  if (HASH_EVERY) return hash('sha256', `${salt}\n${ip}\n${ua}\n${day}`, 'hex').slice(0, 32);
  if (day !== visitorDay) {
    visitors = new Map();
    visitorCount = 0;
    visitorDay = day;
  }
  let byAgent = visitors.get(ip);
  const known = byAgent?.get(ua);
  if (known !== undefined) return known;
  const h = hash('sha256', `${salt}\n${ip}\n${ua}\n${day}`, 'hex').slice(0, 32);
  if (ua.length > 512) return h;
  if (visitorCount >= 10_000) {
    visitors = new Map();
    visitorCount = 0;
    byAgent = undefined;
  }
  if (byAgent === undefined) visitors.set(ip, (byAgent = new Map()));
  byAgent.set(ua, h);
  visitorCount++;
  return h;
}

// ------------------------------------------------------------------ the click buffer
const SEND_EVERY = 4000; // a divisor of the writer's 16,000 a transaction
const MAX_PENDING = 200_000; // as the service: beyond this clicks are dropped, not hoarded
let n = 0;
let linkIds = new Int32Array(SEND_EVERY);
let ats = new Float64Array(SEND_EVERY);
let fields = new Int32Array(SEND_EVERY * 6); // country, referrer, browser, os, device, visitor
let answered = 0;
let clicks = 0;
let sent = 0;
let written = 0;
let dropped = 0;

const worker = new Worker(new URL('./redirect-floor-writer.mjs', import.meta.url), {
  workerData: { libsql: libsqlPath, file },
});
let workerTid = null;
const waiting = [];
worker.on('message', (m) => {
  if (m.op === 'tid') workerTid = m.tid;
  else if (m.op === 'progress') written = m.written;
  else if (m.op === 'flushed') {
    written = m.written;
    waiting.shift()?.();
  } else if (m.op === 'error') console.error('[floor] writer:', m.message);
});
worker.on('error', (e) => {
  console.error('[floor] writer failed:', e);
  process.exit(1);
});

function send() {
  if (n === 0 && newStrings.length === 0) return;
  worker.postMessage(
    { op: 'clicks', n, linkIds, ats, fields, strings: newStrings, reset: resetStrings },
    [linkIds.buffer, ats.buffer, fields.buffer],
  );
  sent += n;
  n = 0;
  linkIds = new Int32Array(SEND_EVERY);
  ats = new Float64Array(SEND_EVERY);
  fields = new Int32Array(SEND_EVERY * 6);
  newStrings = [];
  resetStrings = false;
}
setInterval(send, 100).unref();

// --service-clicks: click-recorder.ts / click-writer-thread.ts's hand-off, for comparison.
let rowsBuf = [];
let rowTimer;
function sendRows() {
  if (rowTimer) clearTimeout(rowTimer);
  rowTimer = undefined;
  if (rowsBuf.length === 0) return;
  worker.postMessage({ op: 'rows', rows: rowsBuf });
  sent += rowsBuf.length;
  rowsBuf = [];
}
function recordLikeService(c) {
  if (sent - written + rowsBuf.length >= MAX_PENDING) {
    dropped++;
    return;
  }
  rowsBuf.push([c.linkId, c.at, c.country, c.referrer, c.browser, c.os, c.device, c.visitor]);
  clicks++;
  if (rowsBuf.length >= 1000) sendRows();
  else if (!rowTimer) {
    rowTimer = setTimeout(sendRows, 100);
    rowTimer.unref();
  }
}

function record(linkId, at, country, referrer, agent, visitor) {
  if (sent - written + n >= MAX_PENDING) {
    dropped++;
    return;
  }
  if (strings.size >= MAX_STRINGS) {
    send();
    strings = new Map();
    resetStrings = true;
  }
  linkIds[n] = linkId;
  ats[n] = at;
  const f = n * 6;
  fields[f] = intern(country);
  fields[f + 1] = intern(referrer);
  fields[f + 2] = intern(agent.browser);
  fields[f + 3] = intern(agent.os);
  fields[f + 4] = intern(agent.device);
  fields[f + 5] = intern(visitor);
  clicks++;
  if (++n === SEND_EVERY) send();
}

// Case-insensitive match of a raw header name against a lower-case one (letters and '-').
function named(name, lower) {
  if (name.length !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) if ((name.charCodeAt(i) | 0x20) !== lower.charCodeAt(i)) return false;
  return true;
}

const NOT_FOUND = { 'content-length': '0' };
const serverOptions = SERVICE_TIMEOUTS
  ? { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1_000 }
  : {};

const server = http.createServer(serverOptions, (req, res) => {
  const url = req.url;
  let end = url.indexOf('?');
  if (end < 0) end = url.length;
  if (end > 1 && url.charCodeAt(end - 1) === 47) end--; // trailing slash
  const link = links.get(url.slice(1, end));
  const method = req.method;
  const at = Date.now();
  if (link === undefined || (method !== 'GET' && method !== 'HEAD') || link.expiresAt <= at) {
    res.writeHead(404, NOT_FOUND);
    res.end();
    return;
  }
  if (method === 'GET') {
    let ua;
    let referer;
    let countryValue;
    if (HEADERS_OBJECT) {
      const h = req.headers;
      ua = h['user-agent'];
      referer = h.referer;
      countryValue = h['cf-ipcountry'];
    } else {
      const raw = req.rawHeaders;
      let countries = 0;
      for (let i = 0; i < raw.length; i += 2) {
        const name = raw[i];
        switch (name.length) {
          case 10:
            if (ua === undefined && named(name, 'user-agent')) ua = raw[i + 1];
            break;
          case 7:
            if (referer === undefined && named(name, 'referer')) referer = raw[i + 1];
            break;
          case 12:
            if (named(name, 'cf-ipcountry')) {
              countryValue = raw[i + 1];
              countries++;
            }
            break;
        }
      }
      if (countries > 1) countryValue = undefined; // node:http would join them: not a code
    }
    if (SERVICE_CLICKS) {
      const agent = agentOf(ua);
      recordLikeService({
        linkId: link.id,
        at,
        country: readCountry(countryValue),
        referrer: referrerOf(referer),
        browser: agent.browser,
        os: agent.os,
        device: agent.device,
        visitor: visitorOf(req.socket.remoteAddress, ua ?? '', at),
      });
    } else record(link.id, at, readCountry(countryValue), referrerOf(referer), agentOf(ua), visitorOf(req.socket.remoteAddress, ua ?? '', at));
  }
  res.writeHead(302, link.headers);
  res.end();
  answered++;
});
if (SERVICE_TIMEOUTS) {
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 30_000;
  server.maxConnections = 512;
}

function flushed() {
  send();
  sendRows();
  return new Promise((resolve) => {
    waiting.push(resolve);
    worker.postMessage({ op: 'flush' });
  });
}
async function report() {
  await flushed();
  console.log(JSON.stringify({ answered, clicks, sent, written, dropped, workerTid, mainTid: process.pid }));
}
process.on('SIGUSR2', () => void report());
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await report();
  worker.postMessage({ op: 'close' });
  worker.once('exit', () => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

server.listen(Number(portArg ?? 0), '127.0.0.1', () => {
  console.log(`Base URL: http://127.0.0.1:${server.address().port} (${links.size} links; ${flags.join(' ') || 'defaults'})`);
});
