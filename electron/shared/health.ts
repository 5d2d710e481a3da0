/**
 * Link health: whether each link's target still answers. Checked from the desktop, straight to
 * the target sites (never through the service, so no API budget). Pure types.
 */

/** ok: 2xx after redirects. broken: 4xx/5xx, too many redirects, or no answer (timeout, DNS, refused). */
export type LinkHealthState = 'ok' | 'broken';

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
  /** Why it is broken, in words ("No answer within 10 s", "404 Not Found"). */
  problem: string | null;
}

export interface HealthJob {
  id: string;
  status: 'running' | 'done' | 'cancelled';
  total: number;
  checked: number;
  broken: number;
  startedAt: number;
  finishedAt: number | null;
}
