/**
 * How `linkdeck` writes: results on stdout, everything else (progress, warnings, how old the
 * mirror is) on stderr. On a terminal results are laid out for a person (colour unless NO_COLOR
 * is set or TERM is dumb); piped, they are plain lines a script can read; `--json` gives one
 * JSON document.
 */
export interface OutputOptions {
  json?: boolean;
  /** `--no-color`: false turns colour off whatever the terminal. */
  color?: boolean;
  stdout?: NodeJS.WriteStream | NodeJS.WritableStream;
  stderr?: NodeJS.WriteStream | NodeJS.WritableStream;
  env?: Readonly<Record<string, string | undefined>>;
}

type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';
const CODES: Record<Style, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};

export class Output {
  readonly json: boolean;
  /** Whether results go to a person (a terminal) rather than a pipe or a file. */
  readonly human: boolean;
  private readonly out: NodeJS.WritableStream;
  private readonly err: NodeJS.WritableStream;
  private readonly colourOut: boolean;
  private readonly colourErr: boolean;

  constructor(options: OutputOptions = {}) {
    const env = options.env ?? process.env;
    this.out = options.stdout ?? process.stdout;
    this.err = options.stderr ?? process.stderr;
    this.json = options.json ?? false;
    const tty = (s: NodeJS.WritableStream) => (s as NodeJS.WriteStream).isTTY === true;
    // https://no-color.org: any non-empty NO_COLOR turns colour off; --no-color too. FORCE_COLOR
    // (any value but 0/false, as Node and chalk read it) turns it on where it would be off (a
    // pipe into `less -R`, CI logs). --no-color wins over FORCE_COLOR, FORCE_COLOR over NO_COLOR.
    const force = env['FORCE_COLOR'] !== undefined && !['0', 'false'].includes(env['FORCE_COLOR']);
    const colourAllowed =
      options.color !== false && (force || (!env['NO_COLOR'] && env['TERM'] !== 'dumb'));
    this.human = tty(this.out) && !this.json;
    this.colourOut = colourAllowed && (this.human || (force && !this.json));
    this.colourErr = colourAllowed && (tty(this.err) || force);
  }

  /** Styles text for stdout (plain when colour is off). */
  style(style: Style, text: string): string {
    return this.colourOut ? paint(style, text) : text;
  }

  line(text = ''): void {
    this.wrote = true;
    this.out.write(`${text}\n`);
  }

  lines(texts: readonly string[]): void {
    if (texts.length) this.wrote = true;
    if (texts.length) this.out.write(`${texts.join('\n')}\n`);
  }

  raw(text: string): void {
    this.wrote = true;
    this.out.write(text);
  }

  /** Whether a result was written to stdout (so --json never ends with 0 bytes). */
  wrote = false;

  data(value: unknown): void {
    this.wrote = true;
    this.out.write(`${JSON.stringify(value, null, this.human ? 2 : undefined)}\n`);
  }

  /** A message for the person (stderr), never a result. */
  note(text: string): void {
    this.err.write(`${text}\n`);
  }

  warn(text: string): void {
    this.err.write(`${this.colourErr ? paint('yellow', text) : text}\n`);
  }

  /**
   * The one way an error is said: `linkdeck: …` on stderr, and with --json also
   * `{ "error": { message, exitCode, meaning } }` on stdout, so a script reading stdout never
   * gets 0 bytes.
   */
  failure(text: string, exitCode: number, english = text): void {
    this.error(text);
    // The JSON document never changes with the language: its message is the English sentence.
    if (this.json && !this.wrote)
      this.data({ error: { message: english, exitCode, meaning: EXIT_MEANING[exitCode] ?? 'failed' } });
  }

  error(text: string): void {
    this.err.write(`${this.colourErr ? paint('red', 'linkdeck: ') : 'linkdeck: '}${text}\n`);
  }

  /** Columns padded to their widest cell (on a terminal) or joined by tabs (piped). */
  table(rows: readonly (readonly string[])[], header?: readonly string[]): void {
    if (!this.human) {
      this.lines(rows.map((r) => r.join('\t')));
      return;
    }
    const all = header ? [header, ...rows] : rows;
    const widths = all.reduce<number[]>(
      (w, row) => row.map((cell, i) => Math.max(w[i] ?? 0, visible(cell).length)),
      [],
    );
    const fmt = (row: readonly string[]) =>
      row
        .map((cell, i) =>
          i === row.length - 1 ? cell : cell + ' '.repeat(widths[i]! - visible(cell).length),
        )
        .join('  ');
    if (header) this.line(this.style('bold', fmt(header)));
    this.lines(rows.map(fmt));
  }
}

/** The exit codes' meanings, as docs/cli.md lists them (for `--json` errors). */
export const EXIT_MEANING: Record<number, string> = {
  0: 'done',
  1: 'refused',
  2: 'usage',
  3: 'queued',
};

const paint = (style: Style, text: string) =>
  `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m`;
// eslint-disable-next-line no-control-regex
const visible = (text: string) => text.replace(/\u001b\[\d+m/g, '');

/** "3 minutes ago" in the person's language (i18n.ts), for how old the mirror is. */
export { age } from './i18n.js';
