import type { HealthJob, LinkHealth } from '../../../../electron/shared/health.js';
import { formatNumber } from '../../i18n/format.js';
import { messageText } from '../../composables/error-text.js';
import { t } from '../../i18n/index.js';

/**
 * "Checking 12 of 300 links · 2 broken", "Checked 300 links · 2 broken", "Cancelled after …";
 * "· 3 not checked (private addresses)" when the outbound rules kept some links from being asked.
 */
export function jobText(job: HealthJob): string {
  const parts = [t('health.job.broken', { n: job.broken })];
  if (job.notChecked > 0) parts.push(t('health.job.notChecked', { n: job.notChecked }));
  const broken = parts.join(' · ');
  if (job.status === 'running') return t('health.job.running', { checked: job.checked, total: job.total, broken });
  if (job.status === 'cancelled') return t('health.job.cancelled', { checked: job.checked, total: job.total, broken });
  return t('health.job.done', { total: job.total, broken });
}

/** 0 to 100, for a progress bar. */
export function jobPercent(job: HealthJob): number {
  return job.total === 0 ? 100 : Math.min(100, Math.round((job.checked / job.total) * 100));
}

/** "340 ms", "1.2 s" ("1,2 s" in German): SI symbols, the number in the locale's digits. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${formatNumber(Math.round(ms))} ms`;
  const digits = ms < 10_000 ? 1 : 0;
  return `${formatNumber(ms / 1000, { minimumFractionDigits: digits, maximumFractionDigits: digits })} s`;
}

/** A result's problem in the person's language; a result kept by an older version in its words. */
const problemText = (health: LinkHealth): string | null =>
  (health.problemRef ? messageText(health.problemRef) : undefined) ?? health.problem;

/** The first line of the detail's health section. */
export function healthHeadline(health: LinkHealth): string {
  const problem = problemText(health);
  if (health.state === 'not-checked') return problem ?? t('health.ownNetwork');
  if (health.state === 'broken') {
    if (problem) return t('health.broken', { problem });
    return health.status === null ? t('health.brokenNoAnswer') : t('health.brokenStatus', { status: String(health.status) });
  }
  const redirects = Math.max(0, health.chain.length - 1);
  return t('health.working', { status: health.status === null ? 'OK' : String(health.status), n: redirects });
}

/** A hop's status for the chain list ("301", "no answer"). */
export const hopStatus = (status: number | null) => (status === null ? t('health.noAnswer') : String(status));
