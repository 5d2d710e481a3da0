import { msg } from '../../shared/message-ref.js';
import type { Confirmation, Domain, DomainInput, Page } from '../../shared/models.js';
import { pagingQuery, pathId } from './paths.js';
import { pageSchema, parseAnswer, type PageRequest } from './schema-kit.js';
import { confirmation, createdId, domain } from './shapes.js';
import type { CallOptions, Transport } from './transport.js';

export type DomainUpdate = Omit<DomainInput, 'domain'>;

export interface DomainsApi {
  list(query?: PageRequest, options?: CallOptions): Promise<Page<Domain>>;
  /** Adds a branded domain (which must already point to the service). The answer carries only the id. */
  create(input: DomainInput, options?: CallOptions): Promise<Domain>;
  update(id: number, input: DomainUpdate, options?: CallOptions): Promise<Confirmation>;
  delete(id: number, options?: CallOptions): Promise<Confirmation>;
}

/**
 * A branded domain as real services store it: `https://go.example.com/` is kept as
 * `https://go.example.com` (trailing slashes and surrounding spaces go). What is sent, what the
 * mirror shows while the add is queued and what it keeps after the answer are all this form, so
 * the mirror and the service hold the same text.
 */
export function domainAddress(text: string): string {
  // Only slashes after a host: "https://" alone stays as typed (and is refused as it is).
  return text.trim().replace(/^((?:[a-z][a-z0-9+.-]*:\/\/)?[^/\s]*[^/\s:])\/+$/i, '$1');
}

function redirects(input: DomainUpdate, body: Record<string, unknown>): Record<string, unknown> {
  if (input.redirectRoot !== undefined) body['redirectroot'] = input.redirectRoot;
  if (input.redirect404 !== undefined) body['redirect404'] = input.redirect404;
  return body;
}

export function createDomainsApi(t: Transport): DomainsApi {
  return {
    async list(query = {}, options) {
      const what = msg('errors.doing.listDomains');
      const body = await t.request(
        { method: 'GET', path: '/api/domains', query: pagingQuery(query), what },
        options,
      );
      return parseAnswer(pageSchema(['domains'], domain, query), body, what);
    },
    async create(input, options) {
      const what = msg('errors.doing.addDomain');
      const address = domainAddress(input.domain);
      const body = await t.request(
        {
          method: 'POST',
          path: '/api/domain/add',
          body: redirects(input, { domain: address }),
          what,
        },
        options,
      );
      const { id } = parseAnswer(createdId, body, what);
      return {
        id,
        domain: address,
        redirectRoot: input.redirectRoot ?? '',
        redirect404: input.redirect404 ?? '',
      };
    },
    async update(id, input, options) {
      const what = msg('errors.doing.updateDomain');
      const body = await t.request(
        {
          method: 'PUT',
          path: `/api/domain/${pathId(id, 'domain')}/update`,
          body: redirects(input, {}),
          what,
        },
        options,
      );
      return parseAnswer(confirmation, body, what);
    },
    async delete(id, options) {
      const what = msg('errors.doing.deleteDomain');
      const body = await t.request(
        { method: 'DELETE', path: `/api/domain/${pathId(id, 'domain')}/delete`, what },
        options,
      );
      return parseAnswer(confirmation, body, what);
    },
  };
}
