import { createApiClient } from '../../../electron/backend/api/client.js';
import { createProfileApi, createScheduler } from '../../../electron/backend/scheduler/index.js';
import { openProfileWorkspace } from '../../../electron/backend/sync/index.js';
import {
  WORKER_ENV,
  type FromWorker,
  type ToWorker,
  type WorkerConfig,
} from './outbox-worker-protocol.js';

/*
 * The backend of one Linkdeck profile, as a child process the fault test can SIGKILL at any
 * moment: the real API client, scheduler and profile workspace (mirror, sync, outbox) on a data
 * dir that outlives it. Run with `node --import tsx`, with an IPC channel to the test.
 *
 * Timings are the app's, shortened to suit a loopback fault layer: a short client timeout, fast
 * probes and retries, a brisk sync (so that its sweeps and new-link reads run beside the outbox,
 * as they do in the app), and no details crawl (it reads every link's details and has nothing
 * to do with the outbox).
 */

const send = (message: FromWorker, then?: () => void): void => {
  if (!process.send || !process.connected) return then?.();
  process.send(message, undefined, {}, () => then?.());
};

function crash(error: unknown): void {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  send({ type: 'crash', message }, () => process.exit(70));
}
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);
// The test is gone (or closed the channel): nothing must outlive it.
process.on('disconnect', () => process.exit(0));

const config = JSON.parse(process.env[WORKER_ENV] ?? 'null') as WorkerConfig | null;
if (!config)
  throw new Error(`${WORKER_ENV} is not set: this script is started by the outbox fault test.`);

const client = createApiClient({
  baseUrl: config.baseUrl,
  apiKey: () => config.key,
  timeoutMs: config.timeoutMs,
  // Creates too: the fault layer's delays are scaled to this timeout.
  createTimeoutMs: config.timeoutMs,
  retryDelayMs: 20,
});
// After a 429 the queue waits for Retry-After plus up to `jitterMs`, and the budget keeps
// `marginMs` past each reset: both shortened (defaults 1 s and 2 s) to suit loopback.
const api = createProfileApi({
  client,
  scheduler: createScheduler({ jitterMs: 100, marginMs: 200 }),
});

let failedSeen = 0;
const workspace = openProfileWorkspace({
  dir: config.dir,
  baseUrl: config.baseUrl,
  api,
  intervals: {
    incrementalMs: 1_000,
    sweepPageMs: 100,
    sweepRestMs: 1_000,
    errorRetryMs: 250,
    detailsCrawlMs: 0,
  },
  probe: { minDelayMs: 20, maxDelayMs: 400 },
  outboxRetryMinMs: 20,
  // The service here is fast and the fault layer holds a request at most past the timeout: a
  // lost create is looked up once that long has passed since it was sent.
  outboxServerMaxExecutionMs: config.timeoutMs,
  onOutboxChange: (summary) => {
    send({ type: 'outbox', summary });
    if (summary.failed > failedSeen) {
      failedSeen = summary.failed;
      send({ type: 'failed', items: workspace.outbox.list().filter((i) => i.state === 'failed') });
    }
  },
  onConnectivity: (state) =>
    send({
      type: 'connectivity',
      online: state.online,
      ...(state.reason ? { reason: state.reason } : {}),
    }),
  log: (message) => send({ type: 'log', message }),
});

/** Queues in small batches, so that sending goes on between them (as a person types on). */
async function enqueue(items: ToWorker & { type: 'enqueue' }): Promise<void> {
  const all = items.items;
  for (let i = 0; i < all.length; i += 25) {
    for (const input of all.slice(i, i + 25))
      workspace.outbox.enqueue({ kind: 'link.create', input });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  send({ type: 'enqueued', count: all.length });
}

async function finish(): Promise<void> {
  await workspace.outbox.idle();
  const summary = workspace.outbox.summary();
  const items = workspace.outbox.list();
  await workspace.close();
  api.close();
  send({ type: 'finished', summary, items }, () => process.exit(0));
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'enqueue') enqueue(message).catch(crash);
  else if (message.type === 'finish') finish().catch(crash);
});

workspace.start();
send({ type: 'ready', summary: workspace.outbox.summary(), pid: process.pid });
