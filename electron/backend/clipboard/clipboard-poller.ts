import type { Clock } from '../scheduler/clock.js';
import type { Awaitable, ClipboardPort } from './ports.js';

export interface ClipboardPollerDeps {
  clipboard: ClipboardPort;
  clock: Clock;
  /** Polling runs only while this says so (watch on, not paused, not disposed). */
  active: () => boolean;
  /** A copy is being handled: polls wait for it, so a copy made meanwhile is seen after. */
  busy: () => boolean;
  intervalMs: () => number;
  /** The clipboard's text changed to this (a copy of the person's, as far as the poller knows). */
  onCopy: (text: string) => void;
  /** A read failed; called once until a read succeeds again. */
  onReadError: (error: unknown) => void;
}

export interface ClipboardPoller {
  /** Watching (re)starts: what the clipboard holds now was copied before and is not a copy. */
  begin(): void;
  /** The interval changed: the next poll is timed afresh. */
  reschedule(): void;
  stop(): void;
  /** The clipboard's text now, whichever way the port answers. */
  read(): Promise<string>;
  /**
   * Writes the clipboard and waits until it holds the text: no poll compares meanwhile, and a
   * read that began before is ignored. Only then is the text what the watch last saw.
   */
  put(text: string): Promise<void>;
}

/**
 * Reads the clipboard every interval and reports a change, with one string comparison per tick.
 * Knows about Linkdeck's own writes, which must never count as a copy: Electron 45 writes (and
 * newer versions read) asynchronously, so until a write has landed a read may still answer the
 * text before it.
 */
export function createClipboardPoller(deps: ClipboardPollerDeps): ClipboardPoller {
  const { clipboard, clock } = deps;
  let timer: unknown = null;
  /** The text seen at the last poll; null until the first read since watching began (the baseline). */
  let lastSeen: string | null = '';
  let readFailing = false;
  /** An asynchronous read is under way: no other poll starts meanwhile. */
  let reading = false;
  /** Writes of Linkdeck's own under way. */
  let writing = 0;
  /** Counts writes started: a read that began before the latest write says nothing about now. */
  let writeGen = 0;

  function tick(): void {
    timer = null;
    if (!deps.active()) return;
    if (deps.busy() || writing > 0) return schedule();
    const gen = writeGen;
    let text: Awaitable<string>;
    try {
      text = clipboard.readText();
    } catch (error) {
      readFailed(error);
      return schedule();
    }
    if (typeof text === 'string') {
      seen(text, gen);
      return schedule();
    }
    // Electron 45 reads the clipboard asynchronously: the next poll waits for this one. Whatever
    // fails (the read, or acting on what it answered) is handled here, never left unhandled.
    reading = true;
    const pending = text;
    void (async () => {
      try {
        seen(await pending, gen);
      } catch (error) {
        try {
          readFailed(error);
        } catch {
          // The report itself failed: nothing is left to tell, and polling goes on.
        }
      } finally {
        reading = false;
        schedule();
      }
    })();
  }

  function seen(text: string, gen: number): void {
    readFailing = false;
    // Read before (or while) Linkdeck wrote: the text it answered is already gone.
    if (!deps.active() || deps.busy() || writing > 0 || gen !== writeGen) return;
    if (lastSeen === null) {
      lastSeen = text; // the first read after watching began: copied before, not acted on
      return;
    }
    if (text !== lastSeen) {
      lastSeen = text;
      deps.onCopy(text);
    }
  }

  function readFailed(error: unknown): void {
    // Reported once, not at every tick; polling goes on at its normal pace.
    if (!readFailing) deps.onReadError(error);
    readFailing = true;
  }

  function schedule(): void {
    if (timer === null && !reading && deps.active()) timer = clock.setTimeout(tick, deps.intervalMs());
  }

  function stop(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  return {
    begin() {
      let text: Awaitable<string>;
      try {
        text = clipboard.readText();
      } catch {
        text = '';
      }
      if (typeof text === 'string') lastSeen = text;
      else {
        // An asynchronous port (Electron 45): the first poll's read is the baseline. This read's
        // answer is not needed, but its failure must not become an unhandled rejection; the next
        // poll reads again and reports a failure that lasts.
        lastSeen = null;
        text.catch(() => {});
      }
      stop();
      schedule();
    },
    reschedule() {
      stop();
      schedule();
    },
    stop,
    async read() {
      return clipboard.readText();
    },
    async put(text) {
      writing++;
      writeGen++;
      try {
        await clipboard.writeText(text);
      } finally {
        writing--;
      }
      lastSeen = text;
    },
  };
}
