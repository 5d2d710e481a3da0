import type { RateBudgetState } from '../../shared/models.js';
import type { ProfileApi } from '../scheduler/profile-api.js';

/**
 * The part of a profile's scheduled API the sync reads with (a ProfileApi fits). Narrow, so
 * tests can hand in a fake; every call takes `{ priority, signal }` last.
 */
export interface SyncApi {
  links: Pick<ProfileApi['links'], 'list' | 'get'>;
  account: Pick<ProfileApi['account'], 'get'>;
  channels: Pick<ProfileApi['channels'], 'list' | 'items'>;
  campaigns: Pick<ProfileApi['campaigns'], 'list'>;
  domains: Pick<ProfileApi['domains'], 'list'>;
  pixels: Pick<ProfileApi['pixels'], 'list'>;
  overlays: Pick<ProfileApi['overlays'], 'list'>;
  splash: Pick<ProfileApi['splash'], 'list'>;
  qrs: Pick<ProfileApi['qrs'], 'list' | 'get'>;
  /** The rate budget, for the ETA (a ProfileApi's scheduler). */
  scheduler?: { state(): RateBudgetState };
}
