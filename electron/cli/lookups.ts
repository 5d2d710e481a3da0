import type { Campaign, Channel, Domain, MirrorLinkQuery, MirrorList } from '../shared/models.js';
import type { NamedFilters } from './mirror-read.js';
import { nameList } from '../shared/message-ref.js';
import { usageErrorT } from './exit-codes.js';
import type { Session } from './session.js';

/** How many names an error lists before it says how many more there are. */
const KNOWN_MAX = 10;

/** A channel or campaign by its id or its name (compared without regard to case, as services do). */
async function byName<T extends { id: number; name: string }>(
  session: Session,
  channel: 'channels:list' | 'campaigns:list',
  what: string,
  wanted: string,
): Promise<T> {
  const list = await session.call<MirrorList<T>>(channel);
  const w = wanted.trim().toLowerCase();
  const found =
    list.items.find((i) => String(i.id) === w) ??
    list.items.find((i) => i.name.toLowerCase() === w);
  if (!found) {
    // The first ten, then "and N others", in the language's list words and quotation marks.
    const names = list.items.map((i) => i.name);
    const shown = names.length > KNOWN_MAX ? names.slice(0, KNOWN_MAX - 1) : names;
    throw usageErrorT('cli.lookup.noSuchNamed', {
      what,
      wanted,
      profile: session.profile.name,
      n: names.length,
      known: { list: shown, quote: true, ...(shown.length < names.length ? { more: names.length - shown.length } : {}) },
    });
  }
  return found;
}

export const channelNamed = (session: Session, name: string) =>
  byName<Channel>(session, 'channels:list', 'channel', name);
export const campaignNamed = (session: Session, name: string) =>
  byName<Campaign & { name: string }>(session, 'campaigns:list', 'campaign', name);

/** A branded domain by host or address (`go.brand.com`, `https://go.brand.com`). */
export async function domainNamed(session: Session, wanted: string): Promise<Domain> {
  const list = await session.call<MirrorList<Domain>>('domains:list');
  const host = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '');
  const found = list.items.find((d) => host(d.domain) === host(wanted));
  if (!found)
    throw usageErrorT('cli.lookup.noSuchDomain', {
      wanted,
      profile: session.profile.name,
      n: list.items.length,
      known: nameList(list.items.map((d) => host(d.domain))),
    });
  return found;
}

/**
 * The list's filters with `--channel`/`--campaign` given by name resolved to the profile's ids
 * ("none": links without one), as `links:list` and `export:links` take them.
 */
export async function filtersWithNames(
  session: Session,
  filters: MirrorLinkQuery['filters'],
  named: NamedFilters,
): Promise<MirrorLinkQuery['filters']> {
  const out = { ...filters };
  const isNone = (name: string) => name.trim().toLowerCase() === 'none';
  if (named.channel !== undefined)
    out.channel = isNone(named.channel) ? 'none' : (await channelNamed(session, named.channel)).id;
  if (named.campaign !== undefined)
    out.campaign = isNone(named.campaign) ? 'none' : (await campaignNamed(session, named.campaign)).id;
  return out;
}
