import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { screenSettled } from './transitions-done.js';

/** A serious or critical axe violation, with where it was found and the first elements it names. */
export interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * How many transitions and animations have started on the page since it was first counted: a
 * scan during which one started read a screen on its way somewhere (a toast leaving, rows fading
 * in as data arrived) and is taken again. The app is one page that never reloads, so listeners
 * put on its document the first time keep counting.
 */
async function changes(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __screenChanges?: number };
    if (w.__screenChanges === undefined) {
      w.__screenChanges = 0;
      for (const type of ['transitionrun', 'animationstart']) {
        document.addEventListener(type, () => (w.__screenChanges = (w.__screenChanges ?? 0) + 1), true);
      }
    }
    return w.__screenChanges;
  });
}

/**
 * Rules axe leaves off by default (tagged experimental) that the app is held to: a control named
 * differently from the words it shows cannot be reached by voice control ("click Ascending").
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** Up to how many scans of one state are taken while the screen keeps changing under them. */
const MAX_SCANS = 5;

/**
 * The serious and critical violations on the page once it is still, read by a scan during which
 * nothing on it moved (scanned again, up to MAX_SCANS times, when something did).
 */
export async function scan(page: Page, where: string): Promise<Finding[]> {
  for (let attempt = 1; ; attempt++) {
    await screenSettled(page);
    const before = await changes(page);
    const { violations } = await new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).analyze();
    const moved = (await changes(page)) !== before;
    if (moved && attempt < MAX_SCANS) continue;
    const findings = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        where: moved ? `${where} (the screen kept changing during ${MAX_SCANS} scans)` : where,
        rule: v.id,
        impact: v.impact ?? '',
        help: `${v.help} (${v.helpUrl})`,
        nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`),
      }));
    return findings;
  }
}

export function report(findings: Finding[]): string {
  if (findings.length === 0) return 'no serious or critical violations';
  return findings
    .map((f) => `${f.where}: ${f.impact} ${f.rule}: ${f.help}\n${f.nodes.map((n) => `    - ${n}`).join('\n')}`)
    .join('\n\n');
}
