/**
 * What the redirect path reads from a header (the user agent, the referrer's host, the ranked
 * languages), kept per header value: visitors send a handful of distinct values, and parsing
 * one on every visit cost as much as the rest of the redirect (issue 15).
 *
 * Bounded so made-up headers cannot grow it: when it holds maxEntries it starts over, and
 * values longer than maxKeyLength are parsed but never kept.
 */
export class ParseCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly parse: (value: string) => T,
    private readonly maxEntries: number,
    private readonly maxKeyLength = 512,
  ) {}

  get(value: string): T {
    let parsed = this.entries.get(value);
    if (parsed !== undefined) return parsed;
    parsed = this.parse(value);
    if (value.length <= this.maxKeyLength) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(value, parsed);
    }
    return parsed;
  }

  /** Values kept now (for the memory bound's tests). */
  get size(): number {
    return this.entries.size;
  }
}
