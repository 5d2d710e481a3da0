export {
  createSync,
  type Sync,
  type SyncIntervals,
  type SyncOptions,
  type SyncView,
} from './sync.js';
export {
  createConnectivity,
  isOfflineError,
  type Connectivity,
  type ConnectivityOptions,
  type ConnectivityState,
} from './connectivity.js';
export { estimateEtaMs, type EtaInput } from './eta.js';
export type { SyncApi } from './sync-api.js';
export type { OpenLinkOptions } from './open-link.js';
export { LARGE_PAGE } from './pages.js';
export {
  openProfileWorkspace,
  type ProfileWorkspace,
  type ProfileWorkspaceOptions,
} from './profile-workspace.js';
