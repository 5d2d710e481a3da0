/**
 * Campaign addresses: the rotator `/r/<slug>` and the public list page `/c/<id>` (the paths
 * the campaigns routes hand out as `rotator` and `list`). Neither is a hot path like `/<alias>`,
 * so they read the database on each request and share only the link cache.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { shortUrl } from '../urls.js';
import type { LinkResolver } from './link-resolver.js';
import { sendPage, sendRedirect, type LinkVisits } from './link-visit.js';
import { campaignListPage, campaignNotFoundPage } from './pages.js';

/** A list page shows at most this many links (a campaign is a handful in practice). */
const LIST_LIMIT = 1000;

interface MemberRow {
  domain_id: number;
  alias: string;
  domain: string | null;
}

export class CampaignPages {
  /** Per campaign, how many visits the rotator has handed out (round-robin position). */
  private readonly turns = new Map<number, number>();
  private readonly bySlug;
  private readonly members;
  private readonly byId;
  private readonly listed;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly links: LinkResolver,
    private readonly visits: LinkVisits,
  ) {
    const { db } = ctx;
    // Slugs are unique regardless of case (the campaigns routes enforce it), so either spelling works.
    this.bySlug = db.prepare('SELECT id FROM campaigns WHERE slug = ? COLLATE NOCASE');
    this.members = db.prepare(
      `SELECT l.domain_id, l.alias, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id
        WHERE l.campaign_id = ? AND (l.expires_at IS NULL OR l.expires_at > ?) ORDER BY l.id`,
    );
    this.byId = db.prepare('SELECT name, public FROM campaigns WHERE id = ?');
    // meta_title, not title: `title` falls back to a form of the long URL, which would show
    // the destination (of protected links too). Expired links are not listed.
    this.listed = db.prepare(
      `SELECT l.alias, l.meta_title AS title, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id
        WHERE l.campaign_id = ? AND (l.expires_at IS NULL OR l.expires_at > ?) ORDER BY l.id LIMIT ${LIST_LIMIT}`,
    );
  }

  /**
   * Round-robin among the campaign's live links (expired ones are skipped: rotating a visitor
   * onto a dead end helps nobody); the visit is served, and counted, as a visit of that link.
   */
  rotate(request: FastifyRequest, reply: FastifyReply, slug: string): void {
    const campaign = this.bySlug.get(slug) as { id: number } | undefined;
    if (!campaign) return sendPage(reply, campaignNotFoundPage());
    const members = this.members.all(campaign.id, this.ctx.now()) as MemberRow[];
    if (members.length === 0) return sendPage(reply, campaignNotFoundPage());
    const turn = this.turns.get(campaign.id) ?? 0;
    this.turns.set(campaign.id, turn + 1);
    const member = members[turn % members.length] as MemberRow;
    const link = this.links.resolve(member.domain_id, member.alias);
    if (!link) return sendPage(reply, campaignNotFoundPage());
    // The password form posts back to its own address; send the visitor to the link's so the
    // right password reaches the right link (the click is counted when it is accepted).
    if (link.passwordHash !== null) return sendRedirect(reply, shortUrl(this.ctx, member.alias, member.domain));
    return this.visits.serve(request, reply, link);
  }

  /** The list page of a public campaign; private and unknown campaigns are not found. */
  list(reply: FastifyReply, idText: string): void {
    if (!/^\d{1,15}$/.test(idText)) return sendPage(reply, campaignNotFoundPage());
    const campaign = this.byId.get(Number(idText)) as { name: string; public: number } | undefined;
    if (!campaign || campaign.public !== 1) return sendPage(reply, campaignNotFoundPage());
    const rows = this.listed.all(Number(idText), this.ctx.now()) as { alias: string; title: string; domain: string | null }[];
    const links = rows.map((r) => ({ title: r.title, shortUrl: shortUrl(this.ctx, r.alias, r.domain) }));
    return sendPage(reply, campaignListPage(campaign.name, links));
  }
}
