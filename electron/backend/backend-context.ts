import type { Accounts } from './accounts/index.js';
import type { DesktopShellPorts } from './desktop-ports.js';
import type { EventHub } from './event-hub.js';
import type { ProfileSessions } from './profile-sessions.js';

/** What the handler groups share: made once by createBackend(). */
export interface BackendContext {
  /** The app's data directory (app-wide files such as saved UTM templates live here). */
  dataDir: string;
  accounts: Accounts;
  sessions: ProfileSessions;
  events: EventHub;
  /** Null in the web shell. */
  desktop: DesktopShellPorts | null;
  log: (message: string) => void;
  /** Registers work to stop when the backend closes (runs before the profile sessions close). */
  onClose(stop: () => Promise<void> | void): void;
  /** Called after the current profile changed (switch, connect, remove) and its session is open. */
  onProfileChange(listener: () => void): () => void;
}
