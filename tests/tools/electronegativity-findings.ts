/**
 * The decisions of `npm run audit:electron` (audit-electron.ts), pure so they are unit tested:
 * which Electronegativity findings block, and which are waived, each with its reason.
 */
export type Severity = 'HIGH' | 'MEDIUM' | 'LOW' | 'INFORMATIONAL';

export interface Finding {
  check: string;
  severity: Severity;
  confidence: string;
  /** Relative to the scanned folder, with forward slashes ('N/A' for app-wide checks). */
  file: string;
  line: number;
  column: number;
  description: string;
}

export interface Waiver {
  check: string;
  /** Only this file; a waiver without one covers the check in every file. */
  file?: string;
  /** Why the finding is not a problem here: checked by a person, never empty. */
  reason: string;
}

export interface AuditResult {
  /** HIGH or MEDIUM findings no waiver covers: the audit fails. */
  blocking: Finding[];
  waived: { finding: Finding; waiver: Waiver }[];
  /** LOW and INFORMATIONAL findings: shown, never failing. */
  minor: Finding[];
  /** Waivers that match nothing any more: the audit fails until they are removed. */
  unusedWaivers: Waiver[];
  /** Files Electronegativity could not parse, so did not check: the audit fails. */
  unparsed: { file: string; message: string }[];
}

const SEVERITIES: readonly Severity[] = ['HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'];
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The waiver file's content; throws, saying where, when an entry is not a proper waiver. */
export function parseWaivers(json: unknown): Waiver[] {
  if (!Array.isArray(json)) throw new Error('The waiver file must hold a JSON array of waivers.');
  return json.map((entry: unknown, index) => {
    const where = `Waiver ${index + 1}`;
    if (!isRecord(entry)) throw new Error(`${where} is not an object.`);
    const { check, file, reason } = entry;
    const unknown = Object.keys(entry).filter((key) => !['check', 'file', 'reason'].includes(key));
    if (unknown.length) throw new Error(`${where} has unknown keys: ${unknown.join(', ')}.`);
    if (typeof check !== 'string' || !/^[A-Z0-9_]+$/.test(check))
      throw new Error(
        `${where} needs "check": an Electronegativity check id such as SANDBOX_JS_CHECK.`,
      );
    if (typeof reason !== 'string' || reason.trim().length < 20)
      throw new Error(
        `${where} (${check}) needs a "reason" that says why the finding is safe to ignore.`,
      );
    if (file !== undefined && (typeof file !== 'string' || file === ''))
      throw new Error(`${where} (${check}) has a "file" that is not a path.`);
    return file === undefined ? { check, reason } : { check, file, reason };
  });
}

/** One of Electronegativity's issue objects (its module API) as a Finding. */
export function toFinding(issue: unknown): Finding {
  if (!isRecord(issue))
    throw new Error('Electronegativity returned an issue that is not an object.');
  const severity = isRecord(issue['severity']) ? issue['severity']['name'] : undefined;
  const confidence = isRecord(issue['confidence']) ? issue['confidence']['name'] : undefined;
  const location = isRecord(issue['location']) ? issue['location'] : {};
  if (typeof issue['id'] !== 'string' || !SEVERITIES.includes(severity as Severity))
    throw new Error(
      `Electronegativity returned an issue without an id or a known severity: ${JSON.stringify(issue).slice(0, 200)}`,
    );
  return {
    check: issue['id'],
    severity: severity as Severity,
    confidence: typeof confidence === 'string' ? confidence : 'UNKNOWN',
    file: typeof issue['file'] === 'string' ? issue['file'].replace(/\\/g, '/') : 'N/A',
    line: typeof location['line'] === 'number' ? location['line'] : 0,
    column: typeof location['column'] === 'number' ? location['column'] : 0,
    description: typeof issue['description'] === 'string' ? issue['description'] : '',
  };
}

const blocks = (finding: Finding): boolean =>
  finding.severity === 'HIGH' || finding.severity === 'MEDIUM';

const covers = (waiver: Waiver, finding: Finding): boolean =>
  waiver.check.toUpperCase() === finding.check.toUpperCase() &&
  (waiver.file === undefined || waiver.file.replace(/\\/g, '/') === finding.file);

export function applyWaivers(
  findings: readonly Finding[],
  waivers: readonly Waiver[],
  unparsed: readonly { file: string; message: string }[] = [],
): AuditResult {
  const used = new Set<Waiver>();
  const result: AuditResult = {
    blocking: [],
    waived: [],
    minor: [],
    unusedWaivers: [],
    unparsed: [...unparsed],
  };
  for (const finding of findings) {
    if (!blocks(finding)) {
      result.minor.push(finding);
      continue;
    }
    const waiver = waivers.find((w) => covers(w, finding));
    if (waiver) {
      used.add(waiver);
      result.waived.push({ finding, waiver });
    } else {
      result.blocking.push(finding);
    }
  }
  result.unusedWaivers = waivers.filter((w) => !used.has(w));
  return result;
}

export function auditPassed(result: AuditResult): boolean {
  return (
    result.blocking.length === 0 &&
    result.unusedWaivers.length === 0 &&
    result.unparsed.length === 0
  );
}

const where = (f: Finding): string =>
  f.file === 'N/A' ? 'the whole app' : `${f.file}:${f.line}:${f.column}`;

/** The report printed by the audit, ending with its verdict. */
export function auditReport(result: AuditResult): string {
  const lines: string[] = [];
  for (const f of result.blocking)
    lines.push(`FAIL   ${f.severity} ${f.check} at ${where(f)}: ${f.description}`);
  for (const { file, message } of result.unparsed)
    lines.push(`FAIL   ${file} could not be parsed, so it was not checked: ${message}`);
  for (const w of result.unusedWaivers)
    lines.push(
      `FAIL   waiver ${w.check}${w.file ? ` for ${w.file}` : ''} matches no finding: remove it from the waiver file`,
    );
  for (const { finding: f, waiver } of result.waived)
    lines.push(`waived ${f.severity} ${f.check} at ${where(f)}: ${waiver.reason}`);
  for (const f of result.minor)
    lines.push(`note   ${f.severity} ${f.check} at ${where(f)}: ${f.description}`);
  const failures = result.blocking.length + result.unparsed.length + result.unusedWaivers.length;
  lines.push(
    auditPassed(result)
      ? `Electron audit passed: no HIGH or MEDIUM finding without a waiver (${result.waived.length} waived, ${result.minor.length} low).`
      : `Electron audit failed: ${failures} problem(s) above. Fix the code, or waive a finding that is safe in resources/electronegativity-waivers.json with the reason.`,
  );
  return lines.join('\n');
}
