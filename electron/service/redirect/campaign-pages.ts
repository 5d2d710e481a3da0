/**
 * Campaign addresses: the rotator `/r/<slug>` and the public list page `/c/<id>` (the paths
 * the campaigns routes hand out as `rotator` and `list`). Neither is a hot path like `/<alias>`,
 * so they read the database on each request and share only the link cache. Their queries are
 * database work (database/work.ts): at once on SQLite, awaited on PostgreSQL.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { shortUrl } from '../urls.js';
import type { LinkResolver } from './link-resolver.js';
import { sendPage, sendRedirect, type LinkVisits } from './link-visit.js';
import { campaignListPage, campaignNotFoundPage } from './pages.js';
import { all, engine, first, q, type Work } from '../database/work.js';

/** A list page shows at most this many links (a campaign is a handful in practice). */
const LIST_LIMIT = 1000;

interface MemberRow {
  domain_id: number;
  alias: string;
  domain: string | null;
}

/** A campaign's live members (for the rotator), or null when the slug names none. */
function* rotation(slug: string, now: number): Work<{ id: number; members: MemberRow[] } | null> {
  // Slugs are unique regardless of case (the campaigns routes enforce it), so either spelling
  // works: SQLite's NOCASE index, compared in lower case on PostgreSQL.
  const sqlite = (yield* engine()) === 'sqlite';
  const campaign = yield* first(
    sqlite ? q<{ id: number }>('SELECT id FROM campaigns WHERE slug = ? COLLATE NOCASE', slug) : q<{ id: number }>('SELECT id FROM campaigns WHERE lower(slug) = lower(?)', slug),
  );
  if (!campaign) return null;
  const members = yield* all(
    q<MemberRow>(
      `SELECT l.domain_id, l.alias, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id
        WHERE l.campaign_id = ? AND (l.expires_at IS NULL OR l.expires_at > ?) ORDER BY l.id`,
      campaign.id,
      now,
    ),
  );
  return { id: campaign.id, members };
}

/** A public campaign's name and listed links, or null (private or unknown). */
function* listing(id: number, now: number): Work<{ name: string; rows: { alias: string; title: string; domain: string | null }[] } | null> {
  const campaign = yield* first(q<{ name: string; public: number | boolean }>('SELECT name, public FROM campaigns WHERE id = ?', id));
  // 1 on SQLite; a boolean or 1 on PostgreSQL, depending on the column's type there.
  if (!campaign || (campaign.public !== 1 && campaign.public !== true)) return null;
  // meta_title, not title: `title` falls back to a form of the long URL, which would show
  // the destination (of protected links too). Expired links are not listed.
  const rows = yield* all(
    q<{ alias: string; title: string; domain: string | null }>(
      `SELECT l.alias, l.meta_title AS title, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id
        WHERE l.campaign_id = ? AND (l.expires_at IS NULL OR l.expires_at > ?) ORDER BY l.id LIMIT ${LIST_LIMIT}`,
      id,
      now,
    ),
  );
  return { name: campaign.name, rows };
}

/** Runs `then` on a value now (SQLite) or when its promise settles (PostgreSQL; a failure is answered as the service's error). */
function settle<T>(reply: FastifyReply, value: T | Promise<T>, then: (value: T) => void | Promise<void>): void {
  if (value instanceof Promise) value.then(then).catch((error: unknown) => void reply.send(error));
  else void then(value);
}

export class CampaignPages {
  /** Per campaign, how many visits the rotator has handed out (round-robin position). */
  private readonly turns = new Map<number, number>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly links: LinkResolver,
    private readonly visits: LinkVisits,
  ) {}

  /**
   * Round-robin among the campaign's live links (expired ones are skipped: rotating a visitor
   * onto a dead end helps nobody); the visit is served, and counted, as a visit of that link.
   * (The position is per node: with several nodes the rotation is round-robin on each.)
   */
  rotate(request: FastifyRequest, reply: FastifyReply, slug: string): void {
    settle(reply, this.ctx.store.do(rotation(slug, this.ctx.now())), (campaign) => {
      if (!campaign || campaign.members.length === 0) return sendPage(reply, campaignNotFoundPage());
      const turn = this.turns.get(campaign.id) ?? 0;
      this.turns.set(campaign.id, turn + 1);
      const member = campaign.members[turn % campaign.members.length] as MemberRow;
      settle(reply, this.links.lookup(member.domain_id, member.alias), (link) => {
        if (!link) return sendPage(reply, campaignNotFoundPage());
        // The password form posts back to its own address; send the visitor to the link's so the
        // right password reaches the right link (the click is counted when it is accepted).
        if (link.passwordHash !== null) return sendRedirect(reply, shortUrl(this.ctx, member.alias, member.domain));
        return this.visits.serve(request, reply, link);
      });
    });
  }

  /** The list page of a public campaign; private and unknown campaigns are not found. */
  list(reply: FastifyReply, idText: string): void {
    if (!/^\d{1,15}$/.test(idText)) return sendPage(reply, campaignNotFoundPage());
    settle(reply, this.ctx.store.do(listing(Number(idText), this.ctx.now())), (campaign) => {
      if (!campaign) return sendPage(reply, campaignNotFoundPage());
      const links = campaign.rows.map((r) => ({ title: r.title, shortUrl: shortUrl(this.ctx, r.alias, r.domain) }));
      return sendPage(reply, campaignListPage(campaign.name, links));
    });
  }
}
