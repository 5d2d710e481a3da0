/**
 * Fills a local workspace with the documentation's data (docs-screenshots-data.ts) the way a user
 * would get it: links, channels and campaigns through the service's API, clicks through real
 * redirects (GET of the short link, with a browser's User-Agent, a Referer and the CDN country
 * header the service trusts, CF-IPCountry by default: electron/service/start.ts).
 *
 * A month of history cannot be waited for, so the service's clock is set back while its past is
 * made: each link is created, and each visit made, with the clock at the day it stands for. The
 * clock is the service's own option (`now`, meant for tests); nothing is written behind its back.
 */
import { Agent, request } from 'node:http';
import { CAMPAIGNS, CHANNELS, COUNTRIES, LINKS, REFERRERS, USER_AGENTS, pick, seededRandom } from './docs-screenshots-data.js';

const DAY = 86_400_000;

/** The service's clock: `Date.now()` minus `setBack` ms (0 once the history is made). */
export const serviceClock = { setBack: 0, now: () => Date.now() - serviceClock.setBack };

interface Api {
  (method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
}

function apiOf(base: string, key: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok || json['error'] !== 0) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** One visit to a short link on the service's loopback port; resolves with the status. */
function visit(port: number, alias: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/${alias}`, method: 'GET', agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface Filled {
  links: number;
  visits: number;
}

/**
 * Makes the channels, campaigns and links, then the visits, oldest first (the clock only moves
 * forward). `base` is the service's loopback API address; `flush` waits for the clicks' writes.
 */
export async function fillWorkspace(base: string, port: number, key: string, flush: () => Promise<void>): Promise<Filled> {
  const api = apiOf(base, key);
  const random = seededRandom(28);

  const channelIds = new Map<string, number>();
  for (const c of CHANNELS) {
    const json = await api('POST', '/api/channel/add', { name: c.name, description: c.description, color: c.color, starred: c.starred });
    channelIds.set(c.key, Number(json['id']));
  }
  const campaignIds = new Map<string, number>();
  for (const c of CAMPAIGNS) {
    const json = await api('POST', '/api/campaign/add', { name: c.name, slug: c.slug, public: c.public });
    campaignIds.set(c.key, Number(json['id']));
  }

  // Oldest first, so the list's newest-first order is the order of the days.
  const made: { alias: string; age: number; visits: number; channel: string }[] = [];
  for (const [index, link] of [...LINKS].map((l, i) => [i, l] as const).sort((a, b) => b[1].age - a[1].age || a[0] - b[0])) {
    serviceClock.setBack = link.age * DAY + (index % 7) * 3_600_000;
    const json = await api('POST', '/api/url/add', {
      url: link.url,
      metatitle: link.title,
      status: 'public',
      ...(link.alias ? { custom: link.alias } : {}),
      ...(link.channel ? { channel: channelIds.get(link.channel) } : {}),
      ...(link.campaign ? { campaign: campaignIds.get(link.campaign) } : {}),
      ...(link.note ? { description: link.note } : {}),
    });
    const alias = new URL(String(json['shorturl'])).pathname.slice(1);
    made.push({ alias, age: link.age, visits: link.visits, channel: link.channel ?? 'none' });
  }

  // Each visit on a day of the link's life, more of them in its first days (a launch), at any
  // time of that day, never before the link was made.
  const visits: { alias: string; setBack: number; headers: Record<string, string> }[] = [];
  for (const link of made) {
    for (let i = 0; i < link.visits; i++) {
      const daysIn = Math.floor(link.age * random() ** 2.2);
      const day = link.age - daysIn;
      const setBack = Math.min(link.age * DAY, (day + random() * 0.95) * DAY);
      const referrer = pick(random, REFERRERS[link.channel] ?? REFERRERS['none']!);
      visits.push({
        alias: link.alias,
        setBack,
        headers: {
          'User-Agent': pick(random, USER_AGENTS),
          'CF-IPCountry': pick(random, COUNTRIES),
          'Accept-Language': 'en-US,en;q=0.8',
          ...(referrer ? { Referer: referrer } : {}),
        },
      });
    }
  }
  visits.sort((a, b) => b.setBack - a.setBack);
  for (const v of visits) {
    serviceClock.setBack = v.setBack;
    const status = await visit(port, v.alias, v.headers);
    if (status !== 302) throw new Error(`Visiting /${v.alias} answered ${status}, not a redirect.`);
  }
  serviceClock.setBack = 0;

  // QR codes: a few of each kind a shop prints; the dynamic ones scanned (a scan is a visit to
  // the code's hidden short link, which the service's answer names as `shorturl`).
  const QRS: { name: string; type: string; data: unknown; scans: number }[] = [
    { name: 'Shop window: autumn collection', type: 'link', data: 'https://shop.northwind-outfitters.example/collections/autumn', scans: 23 },
    { name: 'Trail Talk podcast', type: 'link', data: 'https://podcast.northwind-outfitters.example/', scans: 9 },
    { name: 'Store manager card', type: 'vcard', data: { fname: 'Ana', lname: 'Sousa', org: 'Northwind Outfitters', phone: '+351 21 000 0000', email: 'ana@northwind-outfitters.example', site: 'https://northwind-outfitters.example' }, scans: 4 },
    { name: 'Store Wi-Fi', type: 'wifi', data: { ssid: 'Northwind Guest', pass: 'trail-mix-2026', encryption: 'wpa' }, scans: 0 },
  ];
  for (const q of QRS) {
    const made = await api('POST', '/api/qr/add', { type: q.type, data: q.data, name: q.name, background: 'rgb(255,255,255)', foreground: 'rgb(17,24,39)' });
    const details = await api('GET', `/api/qr/${String(made['id'])}`);
    const hidden = (details['details'] as { shorturl?: string | null } | undefined)?.shorturl;
    for (let i = 0; hidden && i < q.scans; i++) {
      const status = await visit(port, new URL(hidden).pathname.slice(1), { 'User-Agent': USER_AGENTS[i % USER_AGENTS.length]![0], 'CF-IPCountry': i % 3 ? 'PT' : 'ES' });
      if (status !== 302) throw new Error(`Scanning ${q.name} answered ${status}, not a redirect.`);
    }
  }
  await flush();
  agent.destroy();
  return { links: made.length, visits: visits.length };
}
