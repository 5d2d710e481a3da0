import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyWaivers,
  auditPassed,
  auditReport,
  parseWaivers,
  toFinding,
  type Finding,
} from '../../tools/electronegativity-findings.js';

const finding = (over: Partial<Finding>): Finding => ({
  check: 'SANDBOX_JS_CHECK',
  severity: 'MEDIUM',
  confidence: 'FIRM',
  file: 'electron/main/window.ts',
  line: 10,
  column: 2,
  description: 'Use sandbox for untrusted origins',
  ...over,
});
const reason = 'windowOptions() sets sandbox: true; a unit test asserts it.';

describe('the Electron audit', () => {
  it('fails on a HIGH or MEDIUM finding without a waiver, never on LOW ones', () => {
    const result = applyWaivers(
      [
        finding({ severity: 'HIGH', check: 'NODE_INTEGRATION_JS_CHECK' }),
        finding({ severity: 'LOW', check: 'CSP_GLOBAL_CHECK' }),
      ],
      [],
    );
    expect(result.blocking.map((f) => f.check)).toEqual(['NODE_INTEGRATION_JS_CHECK']);
    expect(result.minor.map((f) => f.check)).toEqual(['CSP_GLOBAL_CHECK']);
    expect(auditPassed(result)).toBe(false);
    expect(auditReport(result)).toMatch(
      /FAIL {3}HIGH NODE_INTEGRATION_JS_CHECK at electron\/main\/window.ts:10:2/,
    );
    expect(auditPassed(applyWaivers([finding({ severity: 'LOW' })], []))).toBe(true);
  });

  it('passes a finding waived for its check and file, and shows the reason', () => {
    const result = applyWaivers(
      [finding({})],
      [{ check: 'SANDBOX_JS_CHECK', file: 'electron/main/window.ts', reason }],
    );
    expect(result.waived).toHaveLength(1);
    expect(auditPassed(result)).toBe(true);
    expect(auditReport(result)).toContain(reason);
  });

  it('does not let a waiver for one file cover another', () => {
    const result = applyWaivers(
      [finding({}), finding({ file: 'electron/main/quick-window.ts' })],
      [{ check: 'SANDBOX_JS_CHECK', file: 'electron/main/window.ts', reason }],
    );
    expect(result.blocking.map((f) => f.file)).toEqual(['electron/main/quick-window.ts']);
  });

  it('lets a waiver without a file cover the check everywhere', () => {
    const result = applyWaivers(
      [finding({}), finding({ file: 'electron/other.ts' })],
      [{ check: 'SANDBOX_JS_CHECK', reason }],
    );
    expect(result.waived).toHaveLength(2);
    expect(auditPassed(result)).toBe(true);
  });

  it('fails on a waiver that matches nothing, so stale waivers get removed', () => {
    const result = applyWaivers(
      [],
      [{ check: 'SANDBOX_JS_CHECK', file: 'electron/main/window.ts', reason }],
    );
    expect(auditPassed(result)).toBe(false);
    expect(auditReport(result)).toMatch(
      /waiver SANDBOX_JS_CHECK for electron\/main\/window.ts matches no finding/,
    );
  });

  it('fails when a file could not be parsed, since it was not checked', () => {
    const result = applyWaivers(
      [],
      [],
      [{ file: 'electron/main/x.ts', message: 'Unexpected token' }],
    );
    expect(auditPassed(result)).toBe(false);
    expect(auditReport(result)).toMatch(/x.ts could not be parsed/);
  });

  it('refuses waivers without a check id or a real reason', () => {
    expect(() => parseWaivers({})).toThrow(/array/);
    expect(() => parseWaivers([{ check: 'sandbox', reason }])).toThrow(/check id/);
    expect(() => parseWaivers([{ check: 'SANDBOX_JS_CHECK' }])).toThrow(/reason/);
    expect(() => parseWaivers([{ check: 'SANDBOX_JS_CHECK', reason: 'fine' }])).toThrow(/reason/);
    expect(() => parseWaivers([{ check: 'SANDBOX_JS_CHECK', reason, files: 'x' }])).toThrow(
      /unknown keys: files/,
    );
    expect(() => parseWaivers([{ check: 'SANDBOX_JS_CHECK', reason, file: '' }])).toThrow(/file/);
    expect(parseWaivers([{ check: 'SANDBOX_JS_CHECK', file: 'a.ts', reason }])).toEqual([
      { check: 'SANDBOX_JS_CHECK', file: 'a.ts', reason },
    ]);
  });

  it('reads Electronegativity issue objects', () => {
    expect(
      toFinding({
        id: 'OPEN_EXTERNAL_JS_CHECK',
        severity: { value: 2, name: 'MEDIUM' },
        confidence: { value: 0, name: 'TENTATIVE' },
        file: 'electron\\main\\security.ts',
        location: { line: 55, column: 8 },
        description: 'Review the use of openExternal',
        manualReview: true,
      }),
    ).toEqual({
      check: 'OPEN_EXTERNAL_JS_CHECK',
      severity: 'MEDIUM',
      confidence: 'TENTATIVE',
      file: 'electron/main/security.ts',
      line: 55,
      column: 8,
      description: 'Review the use of openExternal',
    });
    expect(() => toFinding({ id: 'X', severity: { name: 'SEVERE' } })).toThrow(/severity/);
  });

  it("accepts the project's waiver file", () => {
    const root = resolve(import.meta.dirname, '../../..');
    const waivers = parseWaivers(
      JSON.parse(readFileSync(join(root, 'resources/electronegativity-waivers.json'), 'utf8')),
    );
    expect(waivers.length).toBeGreaterThan(0);
    // Every waiver names its file: a check waived everywhere would hide the next window's mistakes.
    expect(waivers.filter((w) => !w.file)).toEqual([]);
  });
});
