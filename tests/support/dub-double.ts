/**
 * A scripted Dub API answering `GET /links?page=&pageSize=` as dub.co's "List all links"
 * documents: a JSON array of link objects; `Authorization: Bearer <key>`; errors as
 * `{ error: { code, message, doc_url } }` (401 unauthorized, 403 forbidden, 429 rate_limit_exceeded).
 */
import { queryInt, startSourceDouble, type DoubleFaults, type SourceDouble } from './live-source-double.js';

export interface DubLink {
  id: string;
  domain: string;
  key: string;
  url: string;
  shortLink: string;
  title: string | null;
  description: string | null;
  image: string | null;
  tags: { id: string; name: string; color: string }[];
  expiresAt: string | null;
  password: string | null;
  clicks: number;
  createdAt: string;
}

export function dubLinks(count: number): DubLink[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `link_${i}`,
    domain: 'dub.sh',
    key: `d${i}`,
    url: `https://example.com/dub/${i}`,
    shortLink: `https://dub.sh/d${i}`,
    title: i === 0 ? 'First' : null,
    description: null,
    image: null,
    tags: i % 2 === 1 ? [{ id: 'tag_1', name: 'Launch', color: 'blue' }] : [],
    expiresAt: null,
    password: i === 3 ? 'open-sesame' : null,
    clicks: 100 + i,
    createdAt: '2024-05-01T10:00:00.000Z',
  }));
}

const dubError = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message, doc_url: `https://dub.co/docs/api-reference/errors#${code.replace(/_/g, '-')}` } },
});

/** `forbiddenKey`: a key Dub knows but that may not read links (403). */
export function startDubDouble(options: { key: string; links: DubLink[]; forbiddenKey?: string; faults?: DoubleFaults }): Promise<SourceDouble> {
  return startSourceDouble((request) => {
    if (request.path !== '/links') return dubError(404, 'not_found', 'The requested resource was not found.');
    const auth = request.headers.authorization;
    if (options.forbiddenKey && auth === `Bearer ${options.forbiddenKey}`) return dubError(403, 'forbidden', 'The provided API key does not have the required permissions.');
    if (auth !== `Bearer ${options.key}`) return dubError(401, 'unauthorized', 'Unauthorized: Invalid API key.');
    const pageSize = Math.min(100, Math.max(1, queryInt(request.query, 'pageSize', 100)));
    const page = Math.max(1, queryInt(request.query, 'page', 1));
    return { status: 200, body: options.links.slice((page - 1) * pageSize, page * pageSize) };
  }, options.faults);
}
