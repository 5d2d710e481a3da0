/*
 * Run as a child process by tests/integration/fault-proxy.test.ts: drives every fault of the
 * proxy against the real local service, leaves requests held and timers armed, then closes.
 * It never calls process.exit: the process ends by itself only if close() let go of every
 * socket, timer and request (the parent fails the test if it does not end in time).
 */
import { faults, startFaultProxy } from './fault-proxy.js';
import { startTestService } from './service.js';

const s = await startTestService({ rateLimit: 0 });
const proxy = await startFaultProxy({ target: s.url });
const call = (path: string, init: RequestInit = {}) =>
  fetch(proxy.url + path, {
    ...init,
    headers: { Authorization: `Bearer ${s.key}`, 'Content-Type': 'application/json' },
  });
const settled = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof Error ? e.name : 'error'),
  );

proxy.script([
  { path: '/api/account', times: 1, fault: faults.delay(5) },
  { path: '/api/account', times: 1, fault: 'resetAfterCommit' },
  { path: '/api/account', times: 1, fault: 'truncate' },
  { path: '/api/account', times: 1, fault: faults.gateway(503) },
]);
const seen = [
  await settled(call('/api/account')),
  await settled(call('/api/account')),
  await settled(call('/api/account').then((r) => r.text())),
  await settled(call('/api/account')),
];
await proxy.offline();
await proxy.online();
seen.push(await settled(call('/api/account')));

// Left in flight on purpose: a held request, a long delay, a long held answer, a waiter.
proxy.script([
  { path: '/api/urls', fault: 'timeout' },
  { path: '/api/urls', fault: faults.delay(3_600_000) },
  { path: '/api/urls', fault: faults.delayResponse(3_600_000) },
]);
const held = [settled(call('/api/urls')), settled(call('/api/urls')), settled(call('/api/urls'))];
const waiter = settled(proxy.waitFor(() => false, { timeoutMs: 3_600_000 }));
await proxy.waitFor((e) => e.fault === 'delayResponse' && e.reachedServer);
await proxy.waitFor((e) => e.fault === 'delay');
await proxy.waitFor((e) => e.fault === 'timeout');

await proxy.close();
// The service's close awaits its click-writer thread, which is unref'd: without something ref'd
// the process could end mid-close (an unsettled top-level await), so hold it open until then.
const keepAlive = setInterval(() => undefined, 60_000);
await s.close();
clearInterval(keepAlive);
const ended = await Promise.all([...held, waiter]);
console.log(JSON.stringify({ seen, ended, handles: proxy.openHandles() }));
