export {
  openProfileData,
  PROFILE_DATA_FILE,
  type ProfileData,
  type ProfileDataOptions,
} from './profile-data.js';
export {
  createMirror,
  DETAILS_MAX_AGE_MS,
  type Mirror,
  type MirrorChange,
  type MirrorClock,
  type MirrorOptions,
  type MirrorTopic,
} from './mirror.js';
export type { ReuseQuery } from './reuse.js';
export { ftsQuery } from './link-search.js';
export type { Sql } from './sqlite.js';
