import Database from 'libsql';

/*
 * The tokens of the word index (link-words.ts): FTS5's own split of the searched text, and the
 * distinct tokens kept as UTF-16 units in one typed array instead of one JS string each (about
 * 200,000 distinct tokens at 100,000 links: the strings and the Map that interned them were
 * the largest part of the build's heap, and the heap V8 grew for them stayed with the process).
 */

/** Tokenizer settings of links_fts (schema.ts, migration 1): kept equal, tested against it. */
const TOKENIZE = 'unicode61 remove_diacritics 2';

// eslint-disable-next-line no-control-regex -- the ASCII range is the point
export const ASCII = /^[\u0000-\u007f]*$/;
const ASCII_TOKEN = /[0-9a-z]+/gi;

/** Splits texts into tokens exactly as links_fts does. Close it when done (it holds a connection). */
export class Tokenizer {
  private probe: InstanceType<typeof Database> | null = null;

  /** The tokens of each text, in order. */
  tokenize(texts: readonly string[]): string[][] {
    const out = this.others(texts);
    texts.forEach((text, k) => {
      if (out[k] === undefined) out[k] = text.match(ASCII_TOKEN)?.map((t) => t.toLowerCase()) ?? [];
    });
    return out as string[][];
  }

  /**
   * The tokens of the texts that are not plain ASCII, through FTS5's tokenizer (unicode61 keeps
   * [0-9A-Za-z] runs of ASCII text and folds case, which callers do themselves); undefined at
   * the ASCII ones.
   */
  others(texts: readonly string[]): Array<string[] | undefined> {
    const out = new Array<string[] | undefined>(texts.length);
    const which: number[] = [];
    texts.forEach((text, k) => {
      if (!ASCII.test(text)) which.push(k);
    });
    if (which.length > 0) this.throughFts5(texts, which, out);
    return out;
  }

  private throughFts5(texts: readonly string[], which: number[], out: Array<string[] | undefined>): void {
    if (!this.probe) {
      this.probe = new Database(':memory:');
      this.probe.exec(`CREATE VIRTUAL TABLE words USING fts5(t, tokenize = '${TOKENIZE}');
        CREATE VIRTUAL TABLE words_instance USING fts5vocab(words, 'instance');`);
    }
    const db = this.probe;
    const insert = db.prepare('INSERT INTO words (rowid, t) VALUES (?, ?)');
    db.exec('BEGIN');
    try {
      for (const k of which) {
        out[k] = [];
        insert.run([k + 1, texts[k] as string]);
      }
      const rows = db.prepare('SELECT doc, offset, term FROM words_instance').all() as Array<{ doc: number; offset: number; term: string }>;
      for (const r of rows) (out[r.doc - 1] as string[])[r.offset] = r.term;
      db.exec('DELETE FROM words');
    } finally {
      db.exec('COMMIT');
    }
  }

  close(): void {
    this.probe?.close();
    this.probe = null;
  }
}

/**
 * Distinct tokens, interned as they are read: a token's units are written at the end of the
 * arena (`unit`), then `end` gives its id, keeping the units only for a token not seen before
 * (an open-addressing hash table of ids). No JS string is made per token.
 */
export class TokenTable {
  units = new Uint16Array(1 << 16);
  /** Units of the kept tokens; a token being read follows them. */
  used = 0;
  /** Arena start of each id, and one past the last id's end. */
  starts = new Int32Array(1 << 12);
  count = 0;
  private hashes = new Int32Array(1 << 12);
  private slots = new Int32Array(1 << 13);
  /** Units of the token being read, and their FNV-1a hash. */
  pending = 0;
  private hash = FNV;

  unit(u: number): void {
    const at = this.used + this.pending;
    if (at === this.units.length) this.units = grown(this.units, at * 2);
    this.units[at] = u;
    this.pending++;
    this.hash = Math.imul(this.hash ^ u, 16777619);
  }

  /** Forgets the token being read. */
  drop(): void {
    this.pending = 0;
    this.hash = FNV;
  }

  /** The id of the token just read (`unit` by `unit`); it must have at least one unit. */
  end(): number {
    const length = this.pending;
    const hash = this.hash;
    this.drop();
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let v = this.slots[slot] as number; v !== 0; v = this.slots[slot] as number) {
      const id = v - 1;
      if (this.hashes[id] === hash && this.same(id, length)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.count++;
    if (this.count + 1 >= this.starts.length) {
      this.starts = grown(this.starts, this.starts.length * 2);
      this.hashes = grown(this.hashes, this.hashes.length * 2);
    }
    this.starts[id] = this.used;
    this.used += length;
    this.starts[id + 1] = this.used;
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    if (this.count * 2 > this.slots.length) this.rehash();
    return id;
  }

  /** Whether token `id` has the units of the token being read. */
  private same(id: number, length: number): boolean {
    const from = this.starts[id] as number;
    if ((this.starts[id + 1] as number) - from !== length) return false;
    for (let i = 0; i < length; i++) if (this.units[from + i] !== this.units[this.used + i]) return false;
    return true;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = (this.hashes[id] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }

  /**
   * The tokens sorted (by UTF-16 units, as JS compares strings), and each old id's place among
   * them. The table is emptied.
   */
  sorted(): { tokens: Tokens; newId: Int32Array } {
    const { units, starts, count } = this;
    const order = new Int32Array(count);
    for (let k = 0; k < count; k++) order[k] = k;
    order.sort((a, b) => {
      const fa = starts[a] as number;
      const fb = starts[b] as number;
      const la = (starts[a + 1] as number) - fa;
      const lb = (starts[b + 1] as number) - fb;
      for (let i = 0, n = Math.min(la, lb); i < n; i++) {
        const d = (units[fa + i] as number) - (units[fb + i] as number);
        if (d !== 0) return d;
      }
      return la - lb;
    });
    const outUnits = new Uint16Array(this.used);
    const outStarts = new Int32Array(count + 1);
    const newId = new Int32Array(count);
    let at = 0;
    for (let k = 0; k < count; k++) {
      const id = order[k] as number;
      newId[id] = k;
      outStarts[k] = at;
      const from = starts[id] as number;
      const to = starts[id + 1] as number;
      outUnits.set(units.subarray(from, to), at);
      at += to - from;
    }
    outStarts[count] = at;
    this.units = new Uint16Array(0);
    this.starts = new Int32Array(1);
    this.hashes = new Int32Array(0);
    this.slots = new Int32Array(1);
    this.count = 0;
    this.used = 0;
    return { tokens: new Tokens(outUnits, outStarts, count), newId };
  }
}

const FNV = 0x811c9dc5 | 0;

function grown<T extends Uint16Array | Int32Array>(array: T, length: number): T {
  const out = new (array.constructor as new (n: number) => T)(length);
  out.set(array);
  return out;
}

/** Sorted distinct tokens: their units in one array, looked up by binary search. */
export class Tokens {
  constructor(
    private readonly units: Uint16Array,
    private readonly starts: Int32Array,
    readonly count: number,
  ) {}

  /** The first `length` units of token k as a string (for the prefixes the index keeps apart). */
  prefix(k: number, length: number): string {
    const from = this.starts[k] as number;
    const to = Math.min(this.starts[k + 1] as number, from + length);
    // Only a prefix: a whole token can be a long run of letters, too many arguments at once.
    return String.fromCharCode(...this.units.subarray(from, to));
  }

  /** Token k against `s`: < 0 before it, 0 when it starts with `s`, > 0 after (and not starting with it). */
  private comparePrefix(k: number, s: string): number {
    const from = this.starts[k] as number;
    const length = (this.starts[k + 1] as number) - from;
    for (let i = 0, n = Math.min(length, s.length); i < n; i++) {
      const d = (this.units[from + i] as number) - s.charCodeAt(i);
      if (d !== 0) return d;
    }
    return length < s.length ? -1 : 0;
  }

  /** [first, end) of the tokens starting with `prefix` (they are contiguous when sorted). */
  prefixRange(prefix: string): [number, number] {
    return [this.firstWhere(prefix, 0), this.firstWhere(prefix, 1)];
  }

  /** The index of `token`, or -1. */
  indexOf(token: string): number {
    const k = this.firstWhere(token, 0);
    return k < this.count && (this.starts[k + 1] as number) - (this.starts[k] as number) === token.length && this.comparePrefix(k, token) === 0 ? k : -1;
  }

  /** The first token whose comparePrefix with `s` is at least `least` (tokens are sorted). */
  private firstWhere(s: string, least: 0 | 1): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const d = this.comparePrefix(mid, s);
      if ((least === 0 ? d < 0 : d <= 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
