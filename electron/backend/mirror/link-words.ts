import { TokenTable, type Tokens } from './link-tokens.js';

export { Tokenizer } from './link-tokens.js';

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
 * goes through FTS5's tokenizer itself (link-tokens.ts: a JS copy of its Unicode tables and
 * diacritics folding would drift).
 *
 * A place is one number: position × place + column × offsets + token offset, where `offsets`
 * is one more than the most tokens any column holds, so the token after a column's last is no
 * other column's. It is a 32-bit word whenever that fits (100,000 links with up to 8,589
 * tokens a column): 12 MB instead of 25 MB at 3.1 million tokens.
 */

/** Tokens kept per column at most (FTS5 keeps more; no link here comes near). */
const MAX_TOKENS = 2 ** 20;
/** Token ids are collected in chunks: growing one array by copies doubled the build's memory. */
const CHUNK = 1 << 18;
const COLUMNS = 5;

/** What a place can be: a 32-bit word when every place fits in one. */
type Places = Uint32Array | Float64Array;

/**
 * Collects the tokens of the links in position order, then freezes them into a WordIndex. Only
 * each token's id is kept per occurrence, and each column's token count: the places follow from
 * the order they came in (kept apart, they were the build's largest transient memory).
 */
export class WordIndexBuilder {
  private readonly table = new TokenTable();
  private readonly terms: Int32Array[] = [];
  /** Tokens per link and column, in position order. */
  private readonly lengths: Uint32Array;
  private longest = 0;
  private next = 0;
  /** Entries used in the last chunk. */
  private used = CHUNK;
  /** Tokens in the column being added. */
  private length = 0;

  /** `placeLimit`: places at or past it take 64 bits (tests lower it to try that layout). */
  constructor(
    private readonly size: number,
    private readonly placeLimit = 2 ** 32,
  ) {
    this.lengths = new Uint32Array(size * COLUMNS);
  }

  /**
   * The next link's columns (alias, short URL, long URL, title, note): each either a plain
   * ASCII text, split here as links_fts splits it, or the tokens FTS5 gave for it (Tokenizer).
   */
  add(columns: readonly (string | readonly string[])[]): void {
    if (this.next >= this.size) throw new Error('More links than the builder was made for.');
    const table = this.table;
    for (let column = 0; column < COLUMNS; column++) {
      const text = columns[column] ?? '';
      this.length = 0;
      if (typeof text === 'string') {
        for (let i = 0; i < text.length; i++) {
          let u = text.charCodeAt(i);
          if (u >= 65 && u <= 90) u += 32;
          if ((u >= 48 && u <= 57) || (u >= 97 && u <= 122)) table.unit(u);
          else if (table.pending > 0) this.keep(table.end());
        }
        if (table.pending > 0) this.keep(table.end());
      } else
        for (const token of text) {
          for (let i = 0; i < token.length; i++) table.unit(token.charCodeAt(i));
          this.keep(table.end());
        }
      this.lengths[this.next * COLUMNS + column] = this.length;
      if (this.length > this.longest) this.longest = this.length;
    }
    this.next++;
  }

  private keep(id: number): void {
    if (this.length >= MAX_TOKENS) return;
    this.length++;
    if (this.used === CHUNK) {
      this.terms.push(new Int32Array(CHUNK));
      this.used = 0;
    }
    (this.terms[this.terms.length - 1] as Int32Array)[this.used++] = id;
  }

  /**
   * The index, made in steps with `between` in between (the sort of the tokens is the one step
   * that cannot be cut). Null when `between` says stop. Occurrences came in ascending place
   * order, so each token's places stay so.
   */
  async finish(between: () => Promise<boolean>): Promise<WordIndex | null> {
    const size = this.next;
    const { tokens, newId } = this.table.sorted();
    if (!(await between())) return null;
    const chunks = this.terms.length;
    const countOf = (k: number) => (k === chunks - 1 ? this.used : CHUNK);
    const start = new Int32Array(tokens.count + 1);
    for (let k = 0; k < chunks; k++) {
      const termOf = this.terms[k] as Int32Array;
      for (let i = 0, n = countOf(k); i < n; i++) {
        const t = (newId[termOf[i] as number] as number) + 1;
        start[t] = (start[t] as number) + 1;
      }
    }
    for (let k = 0; k < tokens.count; k++) start[k + 1] = (start[k + 1] as number) + (start[k] as number);
    if (!(await between())) return null;
    const cursor = start.slice(0, tokens.count);
    const offsets = this.longest + 1;
    const place = COLUMNS * offsets;
    const total = start[tokens.count] as number;
    const places: Places = size * place <= this.placeLimit ? new Uint32Array(total) : new Float64Array(total);
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
          places[at] = p * place + column * offsets + offset;
        }
      }
      if (p % 20_000 === 19_999 && !(await between())) return null;
    }
    this.terms.length = 0;
    const index = new WordIndex(tokens, start, places, place, size);
    return (await index.prepare(between)) ? index : null;
  }
}

const CACHED = 16;

/**
 * Prefixes this short whose places are at least 1/DENSE of the links get a bit set; longer
 * ones at least 1/DENSE_LONG ('utm', 'http', 'www', 'com': walking their places took ~1 ms).
 * MAX_DENSE bounds their memory (12.5 kB each at 100,000 links).
 */
const SHORT = 2;
const DENSE = 16;
const DENSE_LONG = 2;
const MAX_DENSE = 256;

export class WordIndex {
  /** Recent searches (typing repeats them: the list, then its facets). */
  private readonly cache = new Map<string, Int32Array>();
  /**
   * The links matching a prefix that many links share (one or two letters, or a token most
   * links hold: FTS5 keeps prefix indexes for the same reason), one bit per link: walking
   * their places took ~10 ms.
   */
  private readonly dense = new Map<string, { bits: Uint32Array; count: number }>();
  /** Scratch marks for one phrase (cleared as they are read), so a search allocates no 100 kB. */
  private readonly seen: Uint8Array;

  constructor(
    private readonly tokens: Tokens,
    private readonly start: Int32Array,
    private readonly places: Places,
    /** A place's position is place / this, rounded down. */
    private readonly place: number,
    readonly size: number,
  ) {
    this.seen = new Uint8Array(size);
  }

  /**
   * Builds the bit sets of the dense prefixes, a step per prefix length. A longer prefix is
   * looked for only under a dense shorter one (its places are a part of that one's).
   */
  async prepare(between: () => Promise<boolean>): Promise<boolean> {
    let under: Array<[number, number]> = [[0, this.tokens.count]];
    for (let length = 1; under.length > 0; length++) {
      const least = this.size / (length <= SHORT ? DENSE : DENSE_LONG);
      const next: Array<[number, number]> = [];
      for (const [from, to] of under)
        for (let lo = from; lo < to && this.dense.size < MAX_DENSE; ) {
          const prefix = this.tokens.prefix(lo, length);
          const [, hi] = this.tokens.prefixRange(prefix);
          if (prefix.length === length && (this.start[hi] as number) - (this.start[lo] as number) >= least) {
            this.dense.set(prefix, this.bitsOf(lo, hi));
            next.push([lo, hi]);
          }
          lo = Math.max(hi, lo + 1);
        }
      under = next;
      if (!(await between())) return false;
    }
    return true;
  }

  /** The links holding a token in [lo, hi), one bit each. */
  private bitsOf(lo: number, hi: number): { bits: Uint32Array; count: number } {
    const bits = new Uint32Array(Math.ceil(this.size / 32));
    let count = 0;
    for (let k = this.start[lo] as number, end = this.start[hi] as number; k < end; k++) {
      const p = ((this.places[k] as number) / this.place) >>> 0;
      const word = p >>> 5;
      const bit = 1 << (p & 31);
      if (((bits[word] as number) & bit) === 0) {
        bits[word] = (bits[word] as number) | bit;
        count++;
      }
    }
    return { bits, count };
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
    const [lo, hi] = this.tokens.prefixRange(last);
    const { places, start, seen, place } = this;
    let count = 0;
    if (tokens.length === 1) count = markAll(places, start[lo] as number, start[hi] as number, place, seen);
    else {
      // The places where the phrase so far ends; the next token must sit right after one.
      let ends = this.placesOf(tokens[0] as string);
      for (let i = 1; i < tokens.length - 1 && ends.length > 0; i++) ends = followedBy(ends, this.placesOf(tokens[i] as string));
      // Each token of the last prefix has its places ascending: matched against the ends.
      if (ends.length > 0) for (let t = lo; t < hi; t++) count += markFollowing(places, start[t] as number, start[t + 1] as number, ends, place, seen);
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
  private placesOf(token: string): Places {
    const k = this.tokens.indexOf(token);
    if (k < 0) return this.places.subarray(0, 0);
    return this.places.subarray(this.start[k] as number, this.start[k + 1] as number);
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

/** Marks the link of every place in [from, to); the count of links newly marked. */
function markAll(places: Places, from: number, to: number, per: number, seen: Uint8Array): number {
  let count = 0;
  for (let k = from; k < to; k++) {
    const p = ((places[k] as number) / per) >>> 0;
    if (seen[p] === 0) {
      seen[p] = 1;
      count++;
    }
  }
  return count;
}

/**
 * Marks the link of every place in [from, to) (ascending) that directly follows one of `ends`
 * (ascending): a walk of both, or a binary search of `ends` for a short range.
 */
function markFollowing(places: Places, from: number, to: number, ends: Places, per: number, seen: Uint8Array): number {
  let count = 0;
  const mark = (place: number) => {
    const p = (place / per) >>> 0;
    if (seen[p] === 0) {
      seen[p] = 1;
      count++;
    }
  };
  if ((to - from) * 16 < ends.length) {
    for (let k = from; k < to; k++) {
      const want = (places[k] as number) - 1;
      let a = 0;
      let b = ends.length;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if ((ends[mid] as number) < want) a = mid + 1;
        else b = mid;
      }
      if (ends[a] === want) mark(want + 1);
    }
    return count;
  }
  for (let k = from, i = 0; k < to && i < ends.length; ) {
    const have = places[k] as number;
    const want = (ends[i] as number) + 1;
    if (want === have) {
      mark(have);
      k++;
      i++;
    } else if (want < have) i++;
    else k++;
  }
  return count;
}

/** The places of `next` that directly follow a place of `ends` (both ascending). */
function followedBy(ends: Places, next: Places): Float64Array {
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
