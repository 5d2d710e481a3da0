import { describe, expect, it } from 'vitest';
import { notJudged, ratioLine, ratioRow } from '../../bench/run.js';

/**
 * A goal the floor page itself misses in the same run is printed as not judged, with why, and
 * cannot fail the run; every other goal is judged as before.
 */
describe('a goal the floor page misses', () => {
  it('keeps the figure and its goal, says why it is not judged, and does not count as a miss', () => {
    const row = ratioRow('links', 'roundtrip/(handler+nowork)', 1.76, '<=', 1.2);
    expect(row.pass).toBe(false);
    const unjudged = notJudged(row, "the floor page's own round trip in this form is 1.32");
    expect(unjudged.pass).toBeNull();
    expect(unjudged.value).toBe(1.76);
    expect(ratioLine(unjudged.ratio!, unjudged.notJudged)).toBe(
      "ratio roundtrip/(handler+nowork): 1.76 (goal <= 1.2; not judged: the floor page's own round trip in this form is 1.32)",
    );
  });

  it('leaves a judged ratio line as it was', () => {
    const row = ratioRow('links', 'keystroke/floor', 0.97, '<=', 1.2);
    expect(row.pass).toBe(true);
    expect(ratioLine(row.ratio!, row.notJudged)).toBe('ratio keystroke/floor: 0.97 (goal <= 1.2)');
  });
});
