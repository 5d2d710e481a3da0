import type { LinkInput } from '../../shared/models.js';
import { hostOf } from '../mirror/dates.js';

/**
 * What makes two rows the same link when reusing: the long URL (as a URL parser writes it, as the
 * mirror's reuse look-up compares it) and the host of the domain ('' for the service's own).
 */
export function reuseKey(input: Pick<LinkInput, 'url' | 'domain'>): string {
  const typed = input.url.trim();
  let url = typed;
  try {
    url = new URL(typed).href;
  } catch {
    // Not a URL: compared as typed (the service refuses it anyway).
  }
  return `${url} ${input.domain ? hostOf(input.domain) : ''}`;
}
