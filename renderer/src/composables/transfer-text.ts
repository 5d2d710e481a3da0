import type { TransferInfo, TransferLeftOut, TransferPlan } from '../../../electron/shared/transfer.js';
import type { BudgetState } from '../../../electron/shared/contract.js';
import { isUnmetered } from '../../../electron/shared/unmetered.js';
import { agoText } from './freshness.js';
import { formatList } from '../i18n/format.js';
import { t } from '../i18n/index.js';


/** "Pixel “Shop tag” (3 links)". */
export const leftOutText = (item: TransferLeftOut) => t('transfer.leftOutItem', { kind: item.kind, name: item.name, n: item.links });

/** The links the job will handle: made on the target, or found there already. */
export const planLinks = (plan: TransferPlan) => plan.toCreate + plan.alreadyThere;

/** "Create these 2 channels and 1 campaign on Work". */
export function createMissingText(plan: TransferPlan): string {
  const parts = [];
  if (plan.missingChannels.length) parts.push(t('transfer.channels', { n: plan.missingChannels.length }));
  if (plan.missingCampaigns.length) parts.push(t('transfer.campaigns', { n: plan.missingCampaigns.length }));
  return t('transfer.createMissing', { n: plan.missingChannels.length + plan.missingCampaigns.length, things: formatList(parts), target: plan.targetName });
}

/**
 * "12 requests to Work and 10 deletes on Local workspace: about 2 min at their rate limits.", the
 * channel and campaign creates counted once the box to create them is ticked.
 */
export function requestsText(plan: TransferPlan, createMissing = false): string {
  const target = plan.requests.target + (createMissing ? plan.requests.names : 0);
  const duration = durationText(createMissing ? plan.etaWithNamesMs : plan.etaMs);
  if (plan.requests.source > 0) {
    return t('transfer.requestsAndDeletes', { n: target, target: plan.targetName, deletes: plan.requests.source, source: plan.sourceName, duration });
  }
  return t('transfer.requests', { n: target, target: plan.targetName, duration });
}

/**
 * "about 40 s", "about 2 min": a minute is never rounded down to "less than a minute". Its own
 * words, not the sync's "… left" with " left" cut off (that cut did nothing in other languages:
 * German read "noch etwa 2 Min. bei ihren Kontingenten").
 */
export function durationText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 10) return t('transfer.fewSeconds');
  if (seconds < 90) return t('transfer.aboutSeconds', { s: Math.ceil(seconds / 5) * 5 });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('transfer.aboutMinutes', { min: minutes });
  return t('transfer.aboutHours', { h: Math.floor(minutes / 60), min: minutes % 60 });
}

/** How fresh the copy of the target on this computer is: the dry run knows only what it holds. */
export function mirrorAgeText(plan: TransferPlan): string {
  if (plan.targetMirrorAgeMs === null) {
    return t('transfer.mirrorNotSynced', { target: plan.targetName });
  }
  return t('transfer.mirrorAge', { target: plan.targetName, ago: agoText(0, plan.targetMirrorAgeMs) });
}

/** The job card's heading line: "Copy to Work" / "Move from Local workspace to Work". */
export function transferTitle(info: TransferInfo): string {
  return info.mode === 'copy' ? t('transfer.titleCopy', { target: info.targetName }) : t('transfer.titleMove', { source: info.sourceName, target: info.targetName });
}

/** Time one details read takes when the budget does not hold it back, ms. */
const READ_MS = 300;

/**
 * "The details of 40 links were never read: reading them takes 40 requests, about 2 min at this
 * profile's rate limit." The budget of the source (the current profile) paces them.
 */
export function readDetailsText(links: number, budget: Pick<BudgetState, 'limit' | 'remaining'> | null): string {
  if (!budget) return t('transfer.readDetails', { n: links });
  if (isUnmetered(budget.limit)) return t('transfer.readDetailsUnmetered', { n: links, duration: durationText(links * READ_MS) });
  const now = Math.min(links, Math.max(0, budget.remaining));
  const later = links - now;
  const ms = now * READ_MS + (later > 0 ? Math.ceil(later / Math.max(1, budget.limit)) * 60_000 : 0);
  return t('transfer.readDetailsLimited', { n: links, duration: durationText(ms), limit: budget.limit });
}
