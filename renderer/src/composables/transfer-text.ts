import type { TransferInfo, TransferLeftOut, TransferPlan } from '../../../electron/shared/transfer.js';
import type { BudgetState } from '../../../electron/shared/contract.js';
import { isUnmetered } from '../../../electron/shared/unmetered.js';
import { agoText } from './freshness.js';
import { etaText } from './sync-text.js';
import { count, noun } from '../i18n/format.js';

/** "1 link", "3 links": the shared formatting module's count, re-exported for the transfer views. */
export { count };

const KIND: Record<TransferLeftOut['kind'], string> = { pixel: 'Pixel', overlay: 'Overlay', splash: 'Splash page' };

/** "Pixel “Shop tag” (3 links)". */
export const leftOutText = (item: TransferLeftOut) => `${KIND[item.kind]} “${item.name}” (${count(item.links, 'link')})`;

/** The links the job will handle: made on the target, or found there already. */
export const planLinks = (plan: TransferPlan) => plan.toCreate + plan.alreadyThere;

/** "Create these 2 channels and 1 campaign on Work". */
export function createMissingText(plan: TransferPlan): string {
  const parts = [];
  if (plan.missingChannels.length) parts.push(count(plan.missingChannels.length, 'channel'));
  if (plan.missingCampaigns.length) parts.push(count(plan.missingCampaigns.length, 'campaign'));
  return `Create ${noun(plan.missingChannels.length + plan.missingCampaigns.length, 'this', 'these')} ${parts.join(' and ')} on ${plan.targetName}`;
}

/**
 * "12 requests to Work and 10 deletes on Local workspace: about 2 min at their rate limits.", the
 * channel and campaign creates counted once the box to create them is ticked.
 */
export function requestsText(plan: TransferPlan, createMissing = false): string {
  const target = plan.requests.target + (createMissing ? plan.requests.names : 0);
  const to = `${count(target, 'request')} to ${plan.targetName}`;
  const from = plan.requests.source > 0 ? ` and ${count(plan.requests.source, 'delete')} on ${plan.sourceName}` : '';
  return `${to}${from}: ${durationText(createMissing ? plan.etaWithNamesMs : plan.etaMs)} at their rate limits.`;
}

/** "about 40 s", "about 2 min": a minute is never rounded down to "less than a minute". */
export function durationText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 10) return 'a few seconds';
  if (seconds < 90) return `about ${Math.ceil(seconds / 5) * 5} s`;
  return etaText(ms).replace(/ left$/, '');
}

/** How fresh the copy of the target on this computer is: the dry run knows only what it holds. */
export function mirrorAgeText(plan: TransferPlan): string {
  if (plan.targetMirrorAgeMs === null) {
    return `Checked against the copy of ${plan.targetName} on this computer, which is not synced yet: links ${plan.targetName} already holds are recognised only when the job asks its service.`;
  }
  return `Checked against the copy of ${plan.targetName} on this computer, synced ${agoText(0, plan.targetMirrorAgeMs)}.`;
}

/** The job card's heading line: "Copy to Work" / "Move from Local workspace to Work". */
export function transferTitle(info: TransferInfo): string {
  return info.mode === 'copy' ? `Copy to ${info.targetName}` : `Move from ${info.sourceName} to ${info.targetName}`;
}

/** Time one details read takes when the budget does not hold it back, ms. */
const READ_MS = 300;

/**
 * "The details of 40 links were never read: reading them takes 40 requests, about 2 min at this
 * profile's rate limit." The budget of the source (the current profile) paces them.
 */
export function readDetailsText(links: number, budget: Pick<BudgetState, 'limit' | 'remaining'> | null): string {
  const head = `The details of ${count(links, 'link')} ${noun(links, 'was', 'were')} never read: reading them takes ${count(links, 'request')}`;
  if (!budget) return `${head}.`;
  if (isUnmetered(budget.limit)) return `${head}, ${durationText(links * READ_MS)} (this service sets no rate limit).`;
  const now = Math.min(links, Math.max(0, budget.remaining));
  const later = links - now;
  const ms = now * READ_MS + (later > 0 ? Math.ceil(later / Math.max(1, budget.limit)) * 60_000 : 0);
  return `${head}, ${durationText(ms)} at this profile's rate limit of ${count(budget.limit, 'request')} a minute.`;
}
