import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TraceEvent } from './trace-event.js';

/*
 * What a keystroke's links:list answer waits behind on the page's main thread (issue 43, item 2),
 * read from the traces links-keystroke-trace.ts leaves (app-N.trace.json, floor-N.trace.json):
 *
 *   npx tsx tests/bench/links-keystroke-trace.ts 1 --no-cpu-profile   # prints the traces' folder
 *   npx tsx tests/bench/answer-wait.ts <that folder>
 *
 * For each keystroke, from the start of the task that ran its `input` event to the dispatch of
 * the first call-socket answer after it (`WebSocketReceive`), the main thread's time split into:
 * the input event's own task (the key's default action, the page's handlers, which send the call,
 * and the microtasks after them: in the app, Vue's update of the search field), the frames
 * (tasks that style, lay out, paint or commit), other tasks, and idle. An answer that is back
 * while the thread is busy waits for the task to end: where the thread was idle, it did not wait.
 */


const FRAME_WORK = new Set(['Commit', 'Paint', 'Layout', 'UpdateLayoutTree', 'PrePaint', 'Layerize']);

interface Split {
  span: number;
  inputTask: number;
  inputMicrotasks: number;
  frames: number;
  other: number;
  idle: number;
}

export function answerWaits(events: TraceEvent[]): Split[] {
  const received = events.filter((e) => e.name === 'WebSocketReceive').sort((a, b) => a.ts - b.ts);
  const first = received[0];
  if (!first) return [];
  const onMain = events.filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const inside = (task: TraceEvent) => onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0));
  const splits: Split[] = [];
  for (const input of onMain.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'input')) {
    const answer = received.find((r) => r.ts > input.ts);
    const inputTask = tasks.find((t) => t.ts <= input.ts && t.ts + (t.dur ?? 0) >= input.ts);
    // An answer more than 200 ms later belongs to no keystroke of a typist (the bench's gap is 120 ms).
    if (!answer || !inputTask || answer.ts - input.ts > 200_000) continue;
    const from = inputTask.ts;
    const to = answer.ts;
    const split: Split = { span: (to - from) / 1000, inputTask: 0, inputMicrotasks: 0, frames: 0, other: 0, idle: 0 };
    let busy = 0;
    for (const task of tasks) {
      if (task.ts + (task.dur ?? 0) <= from || task.ts >= to) continue;
      // The answer's own task is cut at the answer's dispatch: what it did before is not a wait.
      const ms = (Math.min(to, task.ts + (task.dur ?? 0)) - Math.max(from, task.ts)) / 1000;
      busy += ms;
      const work = inside(task);
      if (task === inputTask) {
        split.inputTask += ms;
        split.inputMicrotasks += work.filter((e) => e.name === 'RunMicrotasks').reduce((s, e) => s + (e.dur ?? 0) / 1000, 0);
      } else if (task.ts + (task.dur ?? 0) >= to) {
        // The task that dispatches the answer: the time before the dispatch is the message's way in.
        split.other += ms;
      } else if (work.some((e) => FRAME_WORK.has(e.name))) split.frames += ms;
      else split.other += ms;
    }
    split.idle = Math.max(0, split.span - busy);
    splits.push(split);
  }
  return splits;
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
};

function describe(label: string, splits: Split[]): string {
  const f = (key: keyof Split) => `${pct(splits.map((s) => s[key]), 50).toFixed(1)}/${pct(splits.map((s) => s[key]), 95).toFixed(1)}`;
  return `${label} (${splits.length} keystrokes), p50/p95 ms: input task → answer ${f('span')}; the input event's task ${f('inputTask')} (its microtasks ${f('inputMicrotasks')}); frames ${f('frames')}; other tasks ${f('other')}; idle ${f('idle')}`;
}

function main(): void {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: npx tsx tests/bench/answer-wait.ts <folder printed by links-keystroke-trace.ts>');
    process.exitCode = 2;
    return;
  }
  for (const side of ['app', 'floor'] as const) {
    const splits: Split[] = [];
    for (let round = 0; ; round++) {
      let text: string;
      try {
        text = readFileSync(join(dir, `${side}-${round}.trace.json`), 'utf8');
      } catch {
        break;
      }
      splits.push(...answerWaits((JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents));
    }
    console.log(describe(side, splits));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
