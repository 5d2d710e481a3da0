import { describe, expect, it } from 'vitest';
import { judgedOrAgainstFloor, judgedWhereFloorMeets, notJudged, ratioLine, ratioRow, type BenchRow } from '../../bench/run.js';

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

describe('a goal judged against the floor page where neither page meets it', () => {
  const frameTime = (ms: number): BenchRow => ({ bench: 'links', metric: 'scrolling', value: ms, unit: 'ms', goal: '< 16.7 ms', pass: ms < 16.7 });
  const againstFloor = (ratio: number) => ratioRow('links', 'scroll/floor', ratio, '<=', 1.2);

  it('judges the goal alone where the floor page meets it, even when the app misses it', () => {
    const rows = judgedOrAgainstFloor(frameTime(21.4), true, 'floor 7.7 ms', againstFloor(2.78));
    expect(rows.map((r) => r.pass)).toEqual([false]);
  });

  it('judges the goal alone where the app meets it', () => {
    const rows = judgedOrAgainstFloor(frameTime(15.9), false, 'floor 17.2 ms', againstFloor(0.92));
    expect(rows.map((r) => [r.metric, r.pass])).toEqual([['scrolling', true]]);
  });

  it('where both miss it, leaves the goal unjudged with why, and judges the ratio in its place', () => {
    const [goal, ratio] = judgedOrAgainstFloor(frameTime(52.8), false, "the scroll floor's own p95 is 18.1 ms", againstFloor(2.92));
    expect(goal?.pass).toBeNull();
    expect(goal?.notJudged).toBe("the scroll floor's own p95 is 18.1 ms");
    expect(ratio?.metric).toBe('ratio scroll/floor');
    expect(ratio?.pass).toBe(false);
  });
});
