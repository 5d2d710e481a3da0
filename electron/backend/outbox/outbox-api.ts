import type { ProfileApi } from '../scheduler/profile-api.js';

/**
 * The part of a profile's scheduled API the outbox sends with and looks up in (a ProfileApi
 * fits). Narrow, so tests can hand in a fake.
 */
export interface OutboxApi {
  links: Pick<ProfileApi['links'], 'create' | 'update' | 'delete' | 'list' | 'getByShort'>;
  channels: Pick<ProfileApi['channels'], 'create' | 'update' | 'delete' | 'assign' | 'list'>;
  campaigns: Pick<ProfileApi['campaigns'], 'create' | 'update' | 'delete' | 'assign' | 'list'>;
  domains: Pick<ProfileApi['domains'], 'create' | 'update' | 'delete' | 'list'>;
  pixels: Pick<ProfileApi['pixels'], 'create' | 'update' | 'delete' | 'list'>;
  qrs: Pick<ProfileApi['qrs'], 'create' | 'update' | 'delete' | 'list' | 'get'>;
}
