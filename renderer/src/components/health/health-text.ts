import type { HealthJob, LinkHealth } from '../../../../electron/shared/health.js';
import { noun, formatNumber } from '../../i18n/format.js';

const n = (count: number) => formatNumber(count);
const links = (count: number) => `${n(count)} ${noun(count, 'link', 'links')}`;

/**
 * "Checking 12 of 300 links · 2 broken", "Checked 300 links · 2 broken", "Cancelled after …";
 * "· 3 not checked (private addresses)" when the outbound rules kept some links from being asked.
 */
export function jobText(job: HealthJob): string {
  const notChecked = job.notChecked > 0 ? ` · ${n(job.notChecked)} not checked (private addresses)` : '';
  const broken = `${job.broken === 0 ? 'none broken' : `${n(job.broken)} broken`}${notChecked}`;
  if (job.status === 'running') return `Checking ${n(job.checked)} of ${links(job.total)} · ${broken}`;
  if (job.status === 'cancelled') return `Check cancelled after ${n(job.checked)} of ${links(job.total)} · ${broken}`;
  return `Checked ${links(job.total)} · ${broken}`;
}

/** 0 to 100, for a progress bar. */
export function jobPercent(job: HealthJob): number {
  return job.total === 0 ? 100 : Math.min(100, Math.round((job.checked / job.total) * 100));
}

/** "340 ms", "1.2 s". */
export function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** The first line of the detail's health section. */
export function healthHeadline(health: LinkHealth): string {
  if (health.state === 'not-checked') return health.problem ?? 'Not checked: its address is on this computer’s own network.';
  if (health.state === 'broken') return `Broken: ${health.problem ?? (health.status === null ? 'no answer' : `status ${health.status}`)}`;
  const redirects = Math.max(0, health.chain.length - 1);
  const via = redirects === 0 ? '' : ` after ${redirects} ${noun(redirects, 'redirect')}`;
  return `Working: answers ${health.status ?? 'OK'}${via}`;
}

/** A hop's status for the chain list ("301", "no answer"). */
export const hopStatus = (status: number | null) => (status === null ? 'no answer' : String(status));
