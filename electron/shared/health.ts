/**
 * Link health: whether each link's target still answers. Checked from the desktop, straight to
 * the target sites (never through the service, so no API budget). Pure types.
 */

/**
 * ok: 2xx after redirects. broken: 4xx/5xx, too many redirects, or no answer (timeout, DNS,
 * refused). not-checked: the target (or a redirect) is an address on the user's own computer or
 * network, or no internet address at all, and the outbound rules kept Linkdeck from asking it;
 * `problem` names the rule ("Not checked — private address (127.0.0.1 is loopback)").
 */
import type { MessageRef } from './message-ref.js';

export type LinkHealthState = 'ok' | 'broken' | 'not-checked';

export interface RedirectHop {
  url: string;
  /** HTTP status, or null when this hop did not answer. */
  status: number | null;
}

export interface LinkHealth {
  linkId: number;
  /** Unix ms. */
  checkedAt: number;
  state: LinkHealthState;
  /** The final status, null when there was no answer. */
  status: number | null;
  /** Every request made, in order (the first is the link's long URL). */
  chain: RedirectHop[];
  /** Total time, ms. */
  timeMs: number;
  /** Why it is broken, in words ("No answer within 10 s", "404 Not Found"), English. */
  problem: string | null;
  /**
   * The same as a message key and arguments, shown in the person's language (issue 44); absent
   * for results checked by older versions, whose English `problem` is shown as it is.
   */
  problemRef?: MessageRef;
}

export interface HealthJob {
  id: string;
  status: 'running' | 'done' | 'cancelled';
  total: number;
  checked: number;
  broken: number;
  /** Links not checked because the outbound rules refused their address (or a redirect's). */
  notChecked: number;
  startedAt: number;
  finishedAt: number | null;
}

/** App-wide link health settings (one computer, one network: shared by every profile). */
export interface HealthSettings {
  /**
   * "Also check links to addresses on my own network": loopback, private, link-local and
   * carrier-grade NAT addresses are requested too (for intranet links). Off by default.
   */
  checkOwnNetwork: boolean;
}

export const DEFAULT_HEALTH_SETTINGS: Readonly<HealthSettings> = Object.freeze({ checkOwnNetwork: false });
