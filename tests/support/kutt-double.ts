/**
 * A scripted Kutt (API v2) that answers as kutt's server/handlers/links.handler.js `get` does:
 * `{ total, limit, skip, data }`, each link as `utils.sanitize.link` gives it (password as a
 * boolean), `limit` capped at 50 as its validator does; a wrong or missing `X-API-KEY` answers
 * 401 `{ error: "API key is not correct." }` (kutt's auth handler).
 */
import { queryInt, startSourceDouble, type DoubleFaults, type SourceDouble } from './live-source-double.js';

export interface KuttLink {
  id: string;
  address: string;
  target: string;
  description: string | null;
  visit_count: number;
  expire_in: string | null;
  password: boolean;
  banned: boolean;
  link: string;
  created_at: string;
  updated_at: string;
}

export function kuttLinks(count: number): KuttLink[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    address: `kutt-${i}`,
    target: `https://example.com/kutt/${i}`,
    description: i % 3 === 0 ? `Note ${i}` : null,
    visit_count: i * 2,
    expire_in: i === 1 ? '2030-01-01T00:00:00.000Z' : null,
    password: i === 2,
    banned: false,
    link: `https://kutt.example/kutt-${i}`,
    created_at: '2024-05-01T10:00:00.000Z',
    updated_at: '2024-05-01T10:00:00.000Z',
  }));
}

export function startKuttDouble(options: { key: string; links: KuttLink[]; faults?: DoubleFaults; echoKey?: boolean }): Promise<SourceDouble> {
  return startSourceDouble((request) => {
    if (request.path !== '/api/v2/links') return { status: 404, body: { error: 'Not found.' } };
    const key = request.headers['x-api-key'];
    if (key !== options.key) {
      return { status: 401, body: { error: options.echoKey ? `API key ${String(key)} is not correct.` : 'API key is not correct.' } };
    }
    const limit = Math.min(50, Math.max(1, queryInt(request.query, 'limit', 10)));
    const skip = Math.max(0, queryInt(request.query, 'skip', 0));
    return { status: 200, body: { total: options.links.length, limit, skip, data: options.links.slice(skip, skip + limit) } };
  }, options.faults);
}
