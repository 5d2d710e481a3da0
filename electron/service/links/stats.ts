import { all, first, q, type Work } from '../database/work.js';
import { countryName } from '../../shared/countries.js';

/** The `data` of GET /api/url/:id. Every top list is an object name → count, largest first. */
export interface LinkStats {
  clicks: number;
  uniqueClicks: number;
  topCountries: Record<string, number>;
  topReferrers: Record<string, number>;
  topBrowsers: Record<string, number>;
  topOs: Record<string, number>;
  socialCount: Record<Network, number>;
}

const TOP = 10;

/**
 * Referrer hosts of the networks socialCount reports, each with its subdomains (m.facebook.com,
 * l.facebook.com, mobile.twitter.com, l.instagram.com, www.linkedin.com…) and link shorteners
 * (t.co, lnkd.in). The keys are both sets real deployments send (issue 32), so a client written
 * against either finds what it reads: every 6.x–7.x documentation sample shows facebook, twitter
 * and google; the 7.x controllers send facebook, twitter, instagram and linkedin.
 */
const SOCIAL_HOSTS = {
  facebook: ['facebook.com', 'fb.com', 'fb.me'],
  twitter: ['twitter.com', 't.co', 'x.com'],
  google: [],
  instagram: ['instagram.com', 'instagr.am'],
  linkedin: ['linkedin.com', 'lnkd.in'],
} as const satisfies Record<string, readonly string[]>;

type Network = keyof typeof SOCIAL_HOSTS;

/** Google's search hosts: google.com and its country domains (google.de, google.co.uk, google.com.br), any subdomain. */
const GOOGLE_HOST = /(^|\.)google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

export function socialNetwork(referrerHost: string): Network | undefined {
  const host = referrerHost.toLowerCase().replace(/\.$/, '');
  if (GOOGLE_HOST.test(host)) return 'google';
  for (const network of Object.keys(SOCIAL_HOSTS) as Network[]) {
    if ((SOCIAL_HOSTS[network] as readonly string[]).some((h) => host === h || host.endsWith(`.${h}`))) return network;
  }
  return undefined;
}

/** Counts by name (several raw values may share a name, e.g. '' and an unknown code), top 10, ties by name. */
function top(
  rows: { value: string; n: number }[],
  name: (value: string) => string,
): Record<string, number> {
  const counts = new Map<string, number>();
  for (const { value, n } of rows) {
    const key = name(value);
    counts.set(key, (counts.get(key) ?? 0) + n);
  }
  return Object.fromEntries(
    [...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .slice(0, TOP),
  );
}

type StatColumn = 'country' | 'referrer' | 'browser' | 'os';

function* grouped(linkId: number, column: StatColumn): Work<{ value: string; n: number }[]> {
  const rows = yield* all<{ value: string | null; n: number }>(
    q(`SELECT ${column} AS value, COUNT(*) AS n FROM clicks WHERE link_id = ? GROUP BY ${column}`, linkId),
  );
  return rows.map((row) => ({ value: row.value ?? '', n: row.n }));
}

/**
 * Statistics of one link from its click rows. `clicks` is the link's counter (kept by the
 * redirect's click recorder together with the rows), so it matches the list's `clicks`.
 * Empty tops are `{}`: one type per field is easier on clients than the sample's bare 0.
 */
export function* linkStats(linkId: number, clicks: number): Work<LinkStats> {
  const unique = (yield* first<{ n: number }>(q('SELECT COUNT(DISTINCT visitor) AS n FROM clicks WHERE link_id = ?', linkId))) as { n: number };
  const referrers = yield* grouped(linkId, 'referrer');
  const countries = yield* grouped(linkId, 'country');
  const browsers = yield* grouped(linkId, 'browser');
  const systems = yield* grouped(linkId, 'os');
  const socialCount: Record<Network, number> = { facebook: 0, twitter: 0, google: 0, instagram: 0, linkedin: 0 };
  for (const { value, n } of referrers) {
    const network = value ? socialNetwork(value) : undefined;
    if (network) socialCount[network] += n;
  }
  const orUnknown = (value: string) => (value.trim() === '' ? 'Unknown' : value);
  return {
    clicks,
    uniqueClicks: unique.n,
    topCountries: top(
      countries,
      (code) => (code ? countryName(code) : undefined) ?? 'Unknown',
    ),
    topReferrers: top(referrers, (host) => (host === '' ? 'Direct' : host)),
    topBrowsers: top(browsers, orUnknown),
    topOs: top(systems, orUnknown),
    socialCount,
  };
}
