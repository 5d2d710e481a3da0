import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { age, Output } from '../../../electron/cli/output.js';

/** A stream that records what is written, and says whether it is a terminal. */
function sink(isTTY: boolean): Writable & { text: string; isTTY: boolean } {
  const s = new Writable({
    write(chunk, _enc, done) {
      s.text += String(chunk);
      done();
    },
  }) as Writable & { text: string; isTTY: boolean };
  s.text = '';
  s.isTTY = isTTY;
  return s;
}

describe('linkdeck output', () => {
  it('lays a table out for a person on a terminal, in colour', () => {
    const out = sink(true);
    const o = new Output({ stdout: out, stderr: sink(true), env: {} });
    o.table(
      [
        ['a', 'long value'],
        ['bbbb', 'x'],
      ],
      ['K', 'V'],
    );
    expect(o.human).toBe(true);
    expect(out.text).toContain('\u001b[1m');
    expect(out.text.replace(new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g'), '')).toBe('K     V\na     long value\nbbbb  x\n');
  });

  it('writes tab-separated plain lines when piped, with no header and no colour', () => {
    const out = sink(false);
    const o = new Output({ stdout: out, stderr: sink(true), env: {} });
    o.table(
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      ['K', 'V'],
    );
    expect(out.text).toBe('a\tb\nc\td\n');
  });

  it('honours NO_COLOR and TERM=dumb on a terminal', () => {
    for (const env of [{ NO_COLOR: '1' }, { TERM: 'dumb' }]) {
      const out = sink(true);
      const err = sink(true);
      const o = new Output({ stdout: out, stderr: err, env });
      o.line(o.style('red', 'plain'));
      o.error('no colour');
      expect(out.text).toBe('plain\n');
      expect(err.text).toBe('linkdeck: no colour\n');
    }
  });

  it('keeps messages on stderr and results on stdout', () => {
    const out = sink(false);
    const err = sink(false);
    const o = new Output({ stdout: out, stderr: err, env: {} });
    o.note('synced 3 minutes ago');
    o.warn('queued');
    o.data({ a: 1 });
    expect(out.text).toBe('{"a":1}\n');
    expect(err.text).toBe('synced 3 minutes ago\nqueued\n');
  });

  it('says how old the mirror is in words', () => {
    const now = 1_000_000_000;
    expect(age(null, now)).toBe('never');
    expect(age(now - 500, now)).toBe('just now');
    expect(age(now - 42_000, now)).toBe('42 seconds ago');
    expect(age(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(age(now - 5 * 3_600_000, now)).toBe('5 hours ago');
    expect(age(now - 3 * 86_400_000, now)).toBe('3 days ago');
  });
});
