import { describe, expect, it } from 'vitest';
import { judgedWhereFloorMeets, notJudged, ratioLine, ratioRow, type BenchRow } from '../../bench/run.js';

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

describe('an absolute goal judged where the floor page meets it', () => {
  const firstLoad = (ms: number): BenchRow => ({ bench: 'links', metric: 'first rows', value: ms, unit: 'ms', goal: '< 500 ms', pass: ms < 500 });

  it('fails the app where the floor page met the goal in the same run', () => {
    expect(judgedWhereFloorMeets(firstLoad(580), true, 'floor 310 ms').pass).toBe(false);
  });

  it('is not judged where the floor page missed it too, and says the floor page\'s figure', () => {
    const row = judgedWhereFloorMeets(firstLoad(927), false, "the floor page's first rows took 640 ms");
    expect(row.pass).toBeNull();
    expect(row.value).toBe(927);
    expect(row.notJudged).toBe("the floor page's first rows took 640 ms");
  });

  it('passes a goal the app meets whatever the floor page did', () => {
    expect(judgedWhereFloorMeets(firstLoad(420), false, 'floor 640 ms').pass).toBe(true);
  });
});
