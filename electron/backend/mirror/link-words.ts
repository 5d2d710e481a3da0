import Database from 'libsql';

/*
 * An in-memory inverted index of the words FTS5 keeps for each link (issue 15): every token of
 * the five searched columns with its place (link position, column, token offset), grouped by
 * token, tokens sorted. A search then finds every match without reading 100,000 rowids out of
 * SQLite (which cost 100–600 ms for a one-letter prefix, where FTS5 stops after 50 rows): a
 * prefix is a binary search over the sorted tokens and a walk over their places. So the total
 * of a search, its clicks or title order and its facet counts need no SQL at all.
 *
 * It must find exactly the links FTS5 finds, so the tokens are FTS5's own: plain ASCII text is
 * split here (unicode61 keeps [0-9A-Za-z] runs and folds case, nothing else), any other text
 * goes through FTS5's tokenizer itself, in a private in-memory table with the links_fts
 * settings (a JS copy of its Unicode tables and diacritics folding would drift).
 */

/** Tokenizer settings of links_fts (schema.ts, migration 1): kept equal, tested against it. */
const TOKENIZE = 'unicode61 remove_diacritics 2';

/** A place is one number: position × PLACE + column × OFFSETS + token offset. */
const OFFSETS = 2 ** 20;
const PLACE = 8 * OFFSETS;
// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const ASCII = /^[\u0000-\u007f]*$/;
const ASCII_TOKEN = /[0-9a-z]+/gi;

/** Splits texts into tokens exactly as links_fts does. Close it when done (it holds a connection). */
export class Tokenizer {
  private probe: InstanceType<typeof Database> | null = null;

  /** The tokens of each text, in order. */
  tokenize(texts: readonly string[]): string[][] {
    const out: string[][] = new Array<string[]>(texts.length);
    const others: number[] = [];
    texts.forEach((text, k) => {
      if (ASCII.test(text)) out[k] = text.match(ASCII_TOKEN)?.map((t) => t.toLowerCase()) ?? [];
      else others.push(k);
    });
    if (others.length > 0) this.throughFts5(texts, others, out);
    return out;
  }

  private throughFts5(texts: readonly string[], which: number[], out: string[][]): void {
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

/** Token ids are collected in chunks: growing one array by copies doubled the build's memory. */
const CHUNK = 1 << 18;
const COLUMNS = 5;

/**
 * Collects the tokens of the links in position order, then freezes them into a WordIndex. Only
 * each token's id is kept per occurrence, and each column's token count: the places follow from
 * the order they came in (kept apart, they were the build's largest transient memory).
 */
export class WordIndexBuilder {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  private readonly terms: Int32Array[] = [];
  /** Tokens per link and column, in position order. */
  private readonly lengths: Uint32Array;
  private next = 0;
  /** Entries used in the last chunk. */
  private used = CHUNK;

  constructor(private readonly size: number) {
    this.lengths = new Uint32Array(size * COLUMNS);
  }

  /** The tokens of the next link's columns (alias, short URL, long URL, title, note). */
  add(columns: readonly (readonly string[])[]): void {
    if (this.next >= this.size) throw new Error('More links than the builder was made for.');
    for (let column = 0; column < COLUMNS; column++) {
      const tokens = columns[column] ?? [];
      const length = Math.min(tokens.length, OFFSETS);
      this.lengths[this.next * COLUMNS + column] = length;
      for (let offset = 0; offset < length; offset++) {
        const token = tokens[offset] as string;
        let id = this.ids.get(token);
        if (id === undefined) this.ids.set(token, (id = this.names.push(token) - 1));
        if (this.used === CHUNK) {
          this.terms.push(new Int32Array(CHUNK));
          this.used = 0;
        }
        (this.terms[this.terms.length - 1] as Int32Array)[this.used++] = id;
      }
    }
    this.next++;
  }

  /**
   * The index, made in steps with `between` in between (the sort of the tokens is the one step
   * that cannot be cut). Null when `between` says stop. Occurrences came in ascending place
   * order, so each token's places stay so.
   */
  async finish(between: () => Promise<boolean>): Promise<WordIndex | null> {
    const size = this.next;
    const tokens = this.names.slice().sort();
    const newId = new Int32Array(tokens.length);
    tokens.forEach((token, k) => (newId[this.ids.get(token) as number] = k));
    this.ids.clear();
    this.names.length = 0;
    if (!(await between())) return null;
    const chunks = this.terms.length;
    const countOf = (k: number) => (k === chunks - 1 ? this.used : CHUNK);
    const start = new Int32Array(tokens.length + 1);
    for (let k = 0; k < chunks; k++) {
      const termOf = this.terms[k] as Int32Array;
      for (let i = 0, n = countOf(k); i < n; i++) {
        const t = (newId[termOf[i] as number] as number) + 1;
        start[t] = (start[t] as number) + 1;
      }
    }
    for (let k = 0; k < tokens.length; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number);
    if (!(await between())) return null;
    const cursor = start.slice(0, tokens.length);
    const places = new Float64Array(start[tokens.length] as number);
    let chunk = 0;
    let i = 0;
    for (let p = 0; p < size; p++) {
      for (let column = 0; column < COLUMNS; column++) {
        const length = this.lengths[p * COLUMNS + column] as number;
        for (let offset = 0; offset < length; offset++) {
          if (i === CHUNK) {
            this.terms[chunk++] = new Int32Array(0); // copied: let it go
            i = 0;
          }
          const t = newId[(this.terms[chunk] as Int32Array)[i++] as number] as number;
          const at = cursor[t] as number;
          cursor[t] = at + 1;
          places[at] = p * PLACE + column * OFFSETS + offset;
        }
      }
      if (p % 20_000 === 19_999 && !(await between())) return null;
    }
    this.terms.length = 0;
    const index = new WordIndex(tokens, start, places, size);
    return (await index.prepare(between)) ? index : null;
  }
}

const CACHED = 16;

/** Prefixes this short whose places cover at least 1/DENSE of the links get a bit set. */
const SHORT = 2;
const DENSE = 16;

export class WordIndex {
  /** Recent searches (typing repeats them: the list, then its facets). */
  private readonly cache = new Map<string, Int32Array>();
  /**
   * The links matching a short prefix that many links share (one or two letters: FTS5 keeps
   * prefix indexes for the same reason), one bit per link: walking their places took ~10 ms.
   */
  private readonly dense = new Map<string, { bits: Uint32Array; count: number }>();
  /** Scratch marks for one phrase (cleared as they are read), so a search allocates no 100 kB. */
  private readonly seen: Uint8Array;

  constructor(
    private readonly tokens: readonly string[],
    private readonly start: Int32Array,
    private readonly places: Float64Array,
    readonly size: number,
  ) {
    this.seen = new Uint8Array(size);
  }

  /** Builds the bit sets of the dense short prefixes, a step per prefix length. */
  async prepare(between: () => Promise<boolean>): Promise<boolean> {
    for (let length = 1; length <= SHORT; length++) {
      for (let lo = 0; lo < this.tokens.length; ) {
        const prefix = (this.tokens[lo] as string).slice(0, length);
        const [, hi] = this.prefixRange(prefix);
        if (((this.start[hi] as number) - (this.start[lo] as number)) * DENSE >= this.size && prefix.length === length) {
          const bits = new Uint32Array(Math.ceil(this.size / 32));
          let count = 0;
          for (let k = this.start[lo] as number, end = this.start[hi] as number; k < end; k++) {
            const p = Math.floor((this.places[k] as number) / PLACE);
            const word = p >>> 5;
            const bit = 1 << (p & 31);
            if (((bits[word] as number) & bit) === 0) {
              bits[word] = (bits[word] as number) | bit;
              count++;
            }
          }
          this.dense.set(prefix, { bits, count });
        }
        lo = Math.max(hi, lo + 1);
      }
      if (!(await between())) return false;
    }
    return true;
  }

  /**
   * Positions (ascending) of the links matching every term, each term being the tokens of one
   * typed word: what FTS5 finds for `"w1"* "w2"* …` (a phrase whose last token is a prefix).
   */
  match(terms: readonly (readonly string[])[]): Int32Array {
    const key = JSON.stringify(terms);
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const sets = terms.map((t) => this.phrase(t)).sort((a, b) => a.length - b.length);
    let result = sets[0] ?? new Int32Array(0);
    for (const other of sets.slice(1)) result = intersect(result, other);
    this.cache.set(key, result);
    if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value as string);
    return result;
  }

  /** Positions of the links holding these tokens one after the other in one column. */
  private phrase(tokens: readonly string[]): Int32Array {
    if (tokens.length === 0) return new Int32Array(0);
    const last = tokens[tokens.length - 1] as string;
    if (tokens.length === 1) {
      const dense = this.dense.get(last);
      if (dense) return positionsOf(dense.bits, dense.count);
    }
    const [lo, hi] = this.prefixRange(last);
    const seen = this.seen;
    let count = 0;
    const mark = (place: number) => {
      const p = Math.floor(place / PLACE);
      if (seen[p] === 0) {
        seen[p] = 1;
        count++;
      }
    };
    if (tokens.length === 1) {
      for (let k = this.start[lo] as number, end = this.start[hi] as number; k < end; k++) mark(this.places[k] as number);
    } else {
      // The places where the phrase so far ends; the next token must sit right after one.
      let ends = this.placesOf(tokens[0] as string);
      for (let i = 1; i < tokens.length - 1 && ends.length > 0; i++) ends = followedBy(ends, this.placesOf(tokens[i] as string));
      const wanted = new Set<number>();
      for (const place of ends) wanted.add(place + 1);
      if (wanted.size > 0)
        for (let k = this.start[lo] as number, end = this.start[hi] as number; k < end; k++) {
          const place = this.places[k] as number;
          if (wanted.has(place)) mark(place);
        }
    }
    const out = new Int32Array(count);
    for (let p = 0, n = 0; n < count; p++)
      if (seen[p] === 1) {
        out[n++] = p;
        seen[p] = 0;
      }
    return out;
  }

  /** The places of one whole token (empty when no link has it). */
  private placesOf(token: string): Float64Array {
    const k = this.lowerBound((t) => t < token);
    if (this.tokens[k] !== token) return new Float64Array(0);
    return this.places.subarray(this.start[k] as number, this.start[k + 1] as number);
  }

  /** [first, end) of the tokens starting with `prefix` (they are contiguous when sorted). */
  private prefixRange(prefix: string): [number, number] {
    const lo = this.lowerBound((t) => t < prefix);
    const hi = this.lowerBound((t) => t < prefix || t.startsWith(prefix));
    return [lo, hi];
  }

  /** The first token index where `before` turns false (it is true for a leading run only). */
  private lowerBound(before: (token: string) => boolean): number {
    let lo = 0;
    let hi = this.tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.tokens[mid] as string)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The positions whose bit is set, ascending. */
function positionsOf(bits: Uint32Array, count: number): Int32Array {
  const out = new Int32Array(count);
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w] as number;
    while (x !== 0) {
      const low = x & -x;
      out[n++] = w * 32 + 31 - Math.clz32(low);
      x ^= low;
    }
  }
  return out;
}

/** The places of `next` that directly follow a place of `ends` (both ascending). */
function followedBy(ends: Float64Array, next: Float64Array): Float64Array {
  const out = new Float64Array(Math.min(ends.length, next.length));
  let n = 0;
  for (let i = 0, j = 0; i < ends.length && j < next.length; ) {
    const want = (ends[i] as number) + 1;
    const have = next[j] as number;
    if (want === have) {
      out[n++] = have;
      i++;
      j++;
    } else if (want < have) i++;
    else j++;
  }
  return out.subarray(0, n);
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}
