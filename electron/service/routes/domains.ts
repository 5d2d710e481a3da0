import { exec, many, one } from '../database/store.js';
import { isUniqueViolation } from '../database/errors.js';
import { all, q, run, transaction } from '../database/work.js';
import type { FastifyInstance } from 'fastify';
import { DomainAddBody, DomainUpdateBody, pickBody } from '../request-bodies.js';
import { notifyDomainChanged, notifyLinkChanged, type ServiceContext } from '../context.js';
import { badRequest, conflict } from '../errors.js';
import { parseBrandedDomain } from '../resources/branded-domain.js';
import { optionalString, pathId, readBody, requiredString } from '../resources/input.js';
import { pagedList } from '../resources/paged-list.js';
import { requireOwned } from '../resources/ownership.js';
import { readWebUrl } from '../links/link-input.js';
import { isWebUrl } from '../urls.js';

const MAX_URL = 4096;

interface DomainRow {
  id: number;
  domain: string;
  redirect_root: string;
  redirect_404: string;
}

/**
 * An optional redirect target: an http(s) URL, or "" for none (which clears it on update).
 * Checked like every link target (readWebUrl), since the redirect routes send visitors there:
 * no control characters (a line break would end up in the Location header), no "http:/\\host".
 */
function readRedirect(body: Record<string, unknown>, field: string): string | undefined {
  const value = optionalString(body, field, MAX_URL);
  if (value === undefined || value === '') return value;
  if (!isWebUrl(value)) {
    throw badRequest(
      `The field "${field}" must be a web address starting with http:// or https://, or "" for none.`,
    );
  }
  return readWebUrl(value, field);
}

/**
 * Branded domains. A host belongs to one user across the whole service (the redirect routes
 * pick the domain by the Host header). Deleting a domain moves its links back to the service's
 * own address, so they keep working there; when one of their aliases is already used there the
 * delete is refused with the aliases named, rather than losing or renaming a link silently.
 */
export function registerDomainRoutes(api: FastifyInstance, ctx: ServiceContext): void {
  const { store } = ctx;

  api.get('/domains', async (request) =>
    pagedList(ctx.store, request, 'domains', {
      countSql: 'SELECT COUNT(*) AS n FROM domains WHERE user_id = ?',
      rowsSql:
        'SELECT id, domain, redirect_root, redirect_404 FROM domains WHERE user_id = ? ORDER BY id DESC',
      params: [request.userId],
      toItem: (row: DomainRow) => ({
        id: row.id,
        domain: row.domain,
        redirectroot: row.redirect_root,
        redirect404: row.redirect_404,
      }),
    }),
  );

  api.post('/domain/add', async (request) => {
    const body = pickBody(DomainAddBody, readBody(request));
    const { domain, host } = parseBrandedDomain(
      requiredString(
        body,
        'domain',
        300,
        'the domain with its scheme, such as "https://go.example.com"',
      ),
    );
    const redirectRoot = readRedirect(body, 'redirectroot') ?? '';
    const redirect404 = readRedirect(body, 'redirect404') ?? '';
    if (host === new URL(ctx.baseUrl()).host) {
      throw badRequest(
        `${domain} is this service's own address: short links already work there without adding it.`,
      );
    }
    const owner = await one<{ user_id: number }>(store, 'SELECT user_id FROM domains WHERE host = ?', host);
    if (owner) {
      throw conflict(
        owner.user_id === request.userId
          ? `You have already added the domain ${host}.`
          : `The domain ${host} is already used by another account on this service.`,
      );
    }
    let added: { id: number } | undefined;
    try {
      added = await one<{ id: number }>(
        store,
        'INSERT INTO domains (user_id, domain, host, redirect_root, redirect_404, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
        request.userId, domain, host, redirectRoot, redirect404, ctx.now(),
      );
    } catch (error) {
      // Added at the same moment by another request (on another node): the host is unique.
      if (isUniqueViolation(error)) throw conflict(`The domain ${host} has just been added.`);
      throw error;
    }
    const addedId = (added as { id: number }).id;
    notifyDomainChanged(ctx, addedId);
    return { error: 0, id: addedId };
  });

  api.put<{ Params: { id: string } }>('/domain/:id/update', async (request) => {
    const id = pathId(request.params.id, 'Domain');
    const body = pickBody(DomainUpdateBody, readBody(request));
    const redirectRoot = readRedirect(body, 'redirectroot');
    const redirect404 = readRedirect(body, 'redirect404');
    await requireOwned(ctx.store, 'domains', id, request.userId, 'Domain');
    await exec(
      store,
      'UPDATE domains SET redirect_root = COALESCE(?, redirect_root), redirect_404 = COALESCE(?, redirect_404) WHERE id = ?',
      redirectRoot ?? null, redirect404 ?? null, id,
    );
    notifyDomainChanged(ctx, id);
    return { error: 0, message: 'Domain has been updated successfully.' };
  });

  api.delete<{ Params: { id: string } }>('/domain/:id/delete', async (request) => {
    const id = pathId(request.params.id, 'Domain');
    await requireOwned(ctx.store, 'domains', id, request.userId, 'Domain');
    const clashes = (
      await many<{ alias: string }>(
        store,
        `SELECT l.alias FROM links l WHERE l.domain_id = ?
           AND EXISTS (SELECT 1 FROM links o WHERE o.domain_id = 0 AND o.alias = l.alias) ORDER BY l.alias LIMIT 6`,
        id,
      )
    ).map((r) => r.alias);
    if (clashes.length > 0) {
      const shown =
        clashes
          .slice(0, 5)
          .map((a) => `"${a}"`)
          .join(', ') + (clashes.length > 5 ? ' and others' : '');
      throw conflict(
        `The domain cannot be deleted: its links would move to the service's own address, where the aliases ${shown} are already used. Change or delete those links first.`,
      );
    }
    const moved = await store.run(
      transaction(function* () {
        const ids = (yield* all<{ id: number }>(q('SELECT id FROM links WHERE domain_id = ?', id))).map((r) => r.id);
        yield* run(q('UPDATE links SET domain_id = 0, updated_at = ? WHERE domain_id = ?', ctx.now(), id));
        yield* run(q('DELETE FROM domains WHERE id = ?', id));
        return ids;
      }),
    );
    notifyDomainChanged(ctx, id);
    for (const linkId of moved) notifyLinkChanged(ctx, linkId);
    const note =
      moved.length === 0
        ? ''
        : ` Its ${moved.length === 1 ? 'link now uses' : `${moved.length} links now use`} ${ctx.baseUrl()}.`;
    return { error: 0, message: `Domain has been deleted successfully.${note}` };
  });
}
