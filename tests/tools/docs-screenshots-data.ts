/**
 * The workspace the documentation's pictures show: an outdoor-gear shop's links (on the reserved
 * `.example` names, so no real site is named or ever reached), its channels and campaigns, and
 * the visits that make its statistics. Everything is made through the service's own API and real
 * redirects by docs-screenshots.ts; this file only says what.
 */

export interface ChannelSeed {
  key: string;
  name: string;
  description: string;
  color: string;
  starred: boolean;
}

export interface CampaignSeed {
  key: string;
  name: string;
  slug: string;
  public: boolean;
}

export interface LinkSeed {
  url: string;
  title: string;
  alias?: string;
  channel?: string;
  campaign?: string;
  /** Days before today the link was made. */
  age: number;
  /** Visits over its life: the relative weight of the link in the traffic. */
  visits: number;
  note?: string;
}

export const CHANNELS: ChannelSeed[] = [
  { key: 'newsletter', name: 'Newsletter', description: 'The Sunday letter to 48k readers', color: '#2563eb', starred: true },
  { key: 'instagram', name: 'Instagram', description: 'Bio link and stories', color: '#db2777', starred: true },
  { key: 'podcast', name: 'Podcast', description: 'Show notes of Trail Talk', color: '#16a34a', starred: false },
  { key: 'partners', name: 'Partners', description: 'Affiliate and retail partners', color: '#d97706', starred: false },
];

export const CAMPAIGNS: CampaignSeed[] = [
  { key: 'spring', name: 'Spring Sale 2026', slug: 'spring-sale', public: true },
  { key: 'trail', name: 'Trail Runner Launch', slug: 'trail-launch', public: false },
  { key: 'repair', name: 'Repair, Don’t Replace', slug: 'repair', public: true },
];

const SHOP = 'https://shop.northwind-outfitters.example';
const BLOG = 'https://journal.northwind-outfitters.example';

export const LINKS: LinkSeed[] = [
  { url: `${SHOP}/sale/spring?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale`, title: 'Spring Sale — up to 40% off tents and packs', alias: 'spring-sale', channel: 'newsletter', campaign: 'spring', age: 24, visits: 140 },
  { url: `${SHOP}/products/ridgeline-trail-runner`, title: 'Ridgeline Trail Runner — lightweight grip for wet rock', alias: 'ridgeline', channel: 'instagram', campaign: 'trail', age: 18, visits: 118 },
  { url: `${SHOP}/products/ridgeline-trail-runner?colour=moss`, title: 'Ridgeline Trail Runner in Moss', alias: 'ridgeline-moss', channel: 'instagram', campaign: 'trail', age: 17, visits: 44 },
  { url: `${BLOG}/2026/03/how-to-waterproof-boots`, title: 'How to waterproof your boots in 15 minutes', alias: 'waterproof', channel: 'newsletter', age: 29, visits: 76 },
  { url: `${SHOP}/repair/patch-kit`, title: 'Field Repair Patch Kit', alias: 'patch-kit', campaign: 'repair', age: 27, visits: 38 },
  { url: `${BLOG}/repair-cafe-berlin`, title: 'Repair Café Berlin: bring your torn jacket', campaign: 'repair', channel: 'instagram', age: 12, visits: 31 },
  { url: `${SHOP}/collections/ultralight`, title: 'Ultralight collection: under 1 kg, all of it', alias: 'ultralight', channel: 'newsletter', campaign: 'spring', age: 21, visits: 64 },
  { url: 'https://podcast.northwind-outfitters.example/episodes/42-alpine-starts', title: 'Trail Talk #42 — Alpine starts and headlamps', alias: 'ep42', channel: 'podcast', age: 14, visits: 52 },
  { url: 'https://podcast.northwind-outfitters.example/episodes/43-fastpacking', title: 'Trail Talk #43 — Fastpacking the Haute Route', alias: 'ep43', channel: 'podcast', age: 7, visits: 37 },
  { url: 'https://podcast.northwind-outfitters.example/episodes/44-rain-gear', title: 'Trail Talk #44 — What rain gear really keeps out', alias: 'ep44', channel: 'podcast', age: 2, visits: 15 },
  { url: 'https://www.alpine-gear-reviews.example/northwind-ridgeline-review', title: 'Review: Northwind Ridgeline after 500 km', channel: 'partners', campaign: 'trail', age: 10, visits: 29 },
  { url: 'https://retail.summit-sports.example/brands/northwind', title: 'Northwind at Summit Sports', alias: 'summit', channel: 'partners', age: 30, visits: 22 },
  { url: `${SHOP}/gift-cards`, title: 'Gift cards', alias: 'gift', age: 28, visits: 18 },
  { url: `${SHOP}/stores/zurich`, title: 'Our Zürich store: opening hours and events', alias: 'zurich', age: 26, visits: 12 },
  { url: `${SHOP}/stores/portland`, title: 'Our Portland store: opening hours and events', alias: 'portland', age: 26, visits: 16 },
  { url: `${BLOG}/2026/02/layering-guide`, title: 'The three-layer system, explained', channel: 'newsletter', age: 30, visits: 47 },
  { url: `${BLOG}/2026/03/trail-etiquette`, title: 'Trail etiquette: who yields to whom', channel: 'instagram', age: 19, visits: 25 },
  { url: `${SHOP}/products/canyon-2p-tent`, title: 'Canyon 2P tent — 1.4 kg, two doors', alias: 'canyon-2p', campaign: 'spring', age: 23, visits: 58 },
  { url: `${SHOP}/products/drift-sleeping-bag`, title: 'Drift −5 °C sleeping bag', campaign: 'spring', age: 22, visits: 33 },
  { url: `${SHOP}/products/merino-base-layer`, title: 'Merino base layer, 200 g/m²', channel: 'newsletter', age: 16, visits: 27 },
  { url: `${SHOP}/warranty`, title: 'Lifetime warranty: how to claim', alias: 'warranty', campaign: 'repair', age: 30, visits: 9 },
  { url: `${SHOP}/careers`, title: 'Careers at Northwind', alias: 'jobs', age: 25, visits: 11 },
  { url: `${BLOG}/2026/03/packing-list-weekend`, title: 'The weekend packing list (printable)', alias: 'packing-list', channel: 'instagram', age: 9, visits: 41 },
  { url: `${SHOP}/sale/spring/last-chance`, title: 'Last chance: Spring Sale ends Sunday', alias: 'last-chance', channel: 'newsletter', campaign: 'spring', age: 3, visits: 35 },
  { url: `${SHOP}/products/ridgeline-trail-runner/size-guide`, title: 'Ridgeline size guide', campaign: 'trail', age: 15, visits: 14 },
  { url: 'https://events.northwind-outfitters.example/trail-run-lisbon', title: 'Community trail run, Lisbon — sign up', alias: 'lisbon-run', channel: 'instagram', campaign: 'trail', age: 6, visits: 23 },
  { url: `${BLOG}/2026/01/our-supply-chain`, title: 'Where our down comes from', age: 30, visits: 8 },
  { url: `${SHOP}/products/trekking-poles-carbon`, title: 'Carbon trekking poles, pair', channel: 'partners', age: 11, visits: 6 },
  { url: `${SHOP}/returns`, title: 'Returns and exchanges', alias: 'returns', age: 29, visits: 5 },
  { url: `${BLOG}/2026/03/first-overnight`, title: 'Your first overnight hike: a checklist', channel: 'newsletter', age: 5, visits: 19, note: 'Swap for the April issue' },
  { url: `${SHOP}/products/headlamp-400`, title: 'Beam 400 rechargeable headlamp', channel: 'podcast', age: 13, visits: 13 },
  { url: 'https://www.outdoor-retailer-expo.example/exhibitors/northwind', title: 'Northwind at Outdoor Retailer Expo, booth B12', alias: 'expo', channel: 'partners', age: 1, visits: 4 },
  { url: `${SHOP}/newsletter`, title: 'Sign up for the Sunday letter', alias: 'letter', channel: 'instagram', age: 30, visits: 30 },
  { url: `${SHOP}/sale/spring?utm_source=instagram&utm_medium=social&utm_campaign=spring-sale`, title: 'Spring Sale (Instagram)', alias: 'spring-ig', channel: 'instagram', campaign: 'spring', age: 24, visits: 51 },
  { url: `${SHOP}/products/repair-tape`, title: 'Tenacious repair tape', campaign: 'repair', age: 8, visits: 0 },
  { url: `${BLOG}/2026/03/draft-autumn-lookbook`, title: 'Autumn lookbook (draft)', age: 0, visits: 0, note: 'Not announced yet' },
];

/** Where visitors come from, weighted: ISO country codes as a CDN's country header gives them. */
export const COUNTRIES: [string, number][] = [
  ['US', 30], ['DE', 14], ['GB', 11], ['CH', 7], ['FR', 6], ['CA', 6], ['NL', 4], ['AU', 4], ['SE', 3],
  ['AT', 3], ['ES', 2], ['IT', 2], ['JP', 2], ['NO', 2], ['PT', 2], ['BR', 1], ['NZ', 1], ['PL', 1], ['IE', 1],
];

/** Browsers and systems (their user agents as they send them), weighted. */
export const USER_AGENTS: [string, number][] = [
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 32],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', 22],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 20],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 12],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0', 6],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 5],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0', 3],
];

/** Referrers per channel (a visit with none came typed, from an app or from mail). */
export const REFERRERS: Record<string, [string | null, number][]> = {
  newsletter: [[null, 70], ['https://mail.google.com/', 20], ['https://outlook.live.com/', 10]],
  instagram: [['https://l.instagram.com/', 75], [null, 25]],
  podcast: [[null, 50], ['https://podcasts.apple.com/', 30], ['https://open.spotify.com/', 20]],
  partners: [['https://www.alpine-gear-reviews.example/', 40], ['https://retail.summit-sports.example/', 35], ['https://www.google.com/', 25]],
  none: [['https://www.google.com/', 35], [null, 30], ['https://t.co/', 15], ['https://www.facebook.com/', 10], ['https://www.linkedin.com/', 10]],
};

/** A small deterministic generator, so two runs draw the same pictures from the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, weighted: [T, number][]): T {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let at = random() * total;
  for (const [value, weight] of weighted) {
    at -= weight;
    if (at < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}
