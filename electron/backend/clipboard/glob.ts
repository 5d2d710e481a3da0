/**
 * Whether `text` matches `pattern` entirely, where `*` stands for any run of characters (none
 * included) and every other character for itself. The classic greedy walk that remembers only
 * the last star: at most pattern × text steps, never exponential (no regular expression is
 * built from what the person typed).
 */
export function globMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern.charCodeAt(p) === 42 /* * */) {
      starP = p++;
      starT = t;
    } else if (p < pattern.length && pattern.charCodeAt(p) === text.charCodeAt(t)) {
      p++;
      t++;
    } else if (starP >= 0) {
      p = starP + 1;
      t = ++starT;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern.charCodeAt(p) === 42) p++;
  return p === pattern.length;
}
