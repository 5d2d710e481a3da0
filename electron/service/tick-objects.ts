/**
 * Keeps one of Node's process.nextTick objects alive for the life of the process (issue 32,
 * item 10: a long-running service answered redirects ~10% slower than a fresh one).
 *
 * Why: process.nextTick builds every tick as an object literal with two computed (symbol) keys
 * (`{ [async_id_symbol]: …, [trigger_async_id_symbol]: …, callback, args }`, Node's
 * lib/internal/process/task_queues.js). V8 optimises those keyed stores only while their
 * feedback is monomorphic, and that feedback holds the literal's intermediate hidden classes
 * WEAKLY. Between redirects the tick queue is often empty, so a full garbage collection can find
 * no tick object alive and free those hidden classes; the next tick then meets its own feedback
 * "cleared", V8's Runtime_DefineKeyedOwnPropertyInLiteral declares it megamorphic, and from then
 * on every nextTick (the HTTP and stream code make several per redirect) runs that runtime
 * function: ~2 µs a redirect here, for the rest of the process's life. When it happens depends on
 * when the collector runs, so fresh processes were fast and long-running ones fell into it.
 * Measured with perf: 8–10 % of the service's samples under that runtime function once in that
 * state; a small script doing 8 full collections between two nextTick loops reproduces it
 * (110 → 330–530 ns a tick) and holding one tick object prevents it.
 *
 * A tick object keeps its hidden class, and through its back pointers the intermediate ones,
 * alive; inside a nextTick callback executionAsyncResource() is that tick's object (a public
 * API; no async hook is enabled).
 */
import { executionAsyncResource } from 'node:async_hooks';

let kept: object | undefined;

/** Resolves with the tick object kept (the same one on every call). */
export function keepTickObjectShape(): Promise<object> {
  return new Promise((resolve) =>
    process.nextTick(() => {
      kept ??= executionAsyncResource();
      resolve(kept);
    }),
  );
}
