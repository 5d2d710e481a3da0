import { Writable } from 'node:stream';

/** A stream that collects what is written; `tty` makes it a terminal as Output judges one. */
export function sink(tty: boolean): Writable & { text: string; isTTY?: boolean } {
  const s = new Writable({
    write(chunk: Buffer, _enc, done) {
      s.text += chunk.toString();
      done();
    },
  }) as Writable & { text: string; isTTY?: boolean };
  s.text = '';
  if (tty) s.isTTY = true;
  return s;
}
