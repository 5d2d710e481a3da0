import type { TransferInfo, TransferLeftOut, TransferPlan } from '../../../electron/shared/transfer.js';
import { agoText } from './freshness.js';
import { etaText } from './sync-text.js';

const n = (v: number) => v.toLocaleString('en');
/** "1 link", "3 links". */
export const count = (v: number, one: string, many = `${one}s`) => `${n(v)} ${v === 1 ? one : many}`;

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
  return `Create ${plan.missingChannels.length + plan.missingCampaigns.length === 1 ? 'this' : 'these'} ${parts.join(' and ')} on ${plan.targetName}`;
}

/** "12 requests to Work and 10 to Local workspace · less than a minute left" at their rate limits. */
export function requestsText(plan: TransferPlan): string {
  const to = `${count(plan.requests.target, 'request')} to ${plan.targetName}`;
  const from = plan.requests.source > 0 ? ` and ${count(plan.requests.source, 'delete')} on ${plan.sourceName}` : '';
  const time = plan.etaMs < 60_000 ? 'less than a minute' : etaText(plan.etaMs).replace(/ left$/, '');
  return `${to}${from}: ${time} at their rate limits.`;
}

/** How fresh the target's mirror is: the dry run knows only what it holds. */
export function mirrorAgeText(plan: TransferPlan): string {
  if (plan.targetMirrorAgeMs === null) {
    return `Checked against ${plan.targetName}'s mirror, which has never been synced: links it already holds are not recognised before the job asks the service.`;
  }
  return `Checked against ${plan.targetName}'s mirror, synced ${agoText(0, plan.targetMirrorAgeMs)}.`;
}

/** The job card's heading line: "Copy to Work" / "Move from Local workspace to Work". */
export function transferTitle(info: TransferInfo): string {
  return info.mode === 'copy' ? `Copy to ${info.targetName}` : `Move from ${info.sourceName} to ${info.targetName}`;
}
