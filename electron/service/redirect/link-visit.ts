/**
 * One visit to a short link: expiry, password, the target for this visitor, the click, and the
 * answer its redirect type calls for (a 302 or an interstitial page).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress } from '../client-address.js';
import type { ServiceContext } from '../context.js';
import { sendHtml } from '../html.js';
import { asciiLocation } from './location.js';
import { ParseCache } from './parse-cache.js';
import { visitHeaders, type VisitHeaders } from './raw-headers.js';
import type { ClickRecorder } from './click-recorder.js';
import type { ResolvedLink } from './link-resolver.js';
import { customSplashPage, expiredPage, framePage, overlayPage, passwordPage, passwordThrottledPage, splashPage, type Page } from './pages.js';
import { waitInWords } from './password-throttle.js';
import { chooseTarget, type Choice } from './targeting.js';
import { UserAgentCache, type UserAgentInfo } from './user-agent.js';
import { VisitorHashes, visitorSalt, visitorSaltWork } from './visitor.js';
import { first, q } from '../database/work.js';

/*
 * The senders return nothing on purpose: a Fastify handler that returns the reply after sending
 * it makes Fastify try to send it again (and build an "already sent" error every request).
 */

export function sendPage(reply: FastifyReply, page: Page): void {
  sendHtml(reply, page.status, page.html, page.csp);
}

export function sendRedirect(reply: FastifyReply, url: string): void {
  // no-store: every visit must reach us to be counted and targeted afresh.
  reply.code(302).header('location', asciiLocation(url)).header('cache-control', 'no-store').send();
}

/** The country from the trusted proxy header: ISO alpha-2 upper case, '' when absent or unknown (XX). */
export function readCountry(value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || text.length !== 2) return '';
  const code = text.toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : '';
}

/** The host of a Referer header, lower-case; '' when there is none or it is not a URL. */
export function referrerHost(value: string | undefined): string {
  if (!value || value.length > 4096) return '';
  try {
    return new URL(value).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** referrerHost() for the redirect hot path: visitors arrive from a handful of pages. */
export class ReferrerHosts {
  private readonly hosts: ParseCache<string>;

  constructor(maxEntries = 2000) {
    this.hosts = new ParseCache(referrerHost, maxEntries);
  }

  get(value: string | undefined): string {
    return value ? this.hosts.get(value) : '';
  }

  /** Values kept now (for the memory bound's test). */
  get size(): number {
    return this.hosts.size;
  }
}

interface SplashConfig {
  title: string;
  message: string;
}
interface OverlayConfig {
  message: string;
  button: string;
}

function readConfig(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export interface VisitOptions {
  /** The visitor has given the right password (the form was posted). */
  passwordAccepted?: boolean;
  /** Referrer host carried through the password form (the POST's own Referer is the form). */
  referrer?: string;
}

export class LinkVisits {
  private readonly agents = new UserAgentCache();
  private readonly referrers = new ReferrerHosts();
  /** Set by the constructor on SQLite, by ready() on PostgreSQL (before the service listens). */
  private visitors!: VisitorHashes;
  private readonly splashById;
  private readonly overlayById;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly clicks: ClickRecorder,
  ) {
    const { db } = ctx;
    if (db) {
      this.visitors = new VisitorHashes(visitorSalt(db));
      this.splashById = db.prepare('SELECT config FROM splash_pages WHERE id = ? AND user_id = ?');
      this.overlayById = db.prepare('SELECT config FROM overlays WHERE id = ? AND user_id = ?');
    } else {
      this.splashById = null;
      this.overlayById = null;
    }
  }

  /** PostgreSQL: reads (or makes) the visitor salt, shared by every node. Nothing on SQLite. */
  async ready(): Promise<void> {
    if (!this.ctx.db) this.visitors = new VisitorHashes(await this.ctx.store.run(visitorSaltWork()));
  }

  /**
   * Answers a visit. On SQLite at once; on PostgreSQL a splash page or overlay is read first,
   * and the answer is sent when it arrives (the promise says when; a failed read is answered
   * as the service's error).
   */
  serve(request: FastifyRequest, reply: FastifyReply, link: ResolvedLink, options: VisitOptions = {}): void | Promise<void> {
    const now = this.ctx.now();
    if (this.isExpired(link, now)) return sendPage(reply, expiredPage());
    if (link.passwordHash !== null && !options.passwordAccepted) {
      return sendPage(reply, passwordPage(false, referrerHost(request.headers.referer)));
    }

    // The same address the limits count (one place decides whether a proxy is trusted).
    const headers = visitHeaders(request.headers, this.ctx.countryHeader);
    const choice = this.countVisit(link, request.method, headers, clientAddress(request), now, options.referrer);

    // App links always open top-level: an app store or app cannot work inside a frame.
    if (link.redirectType === 'direct' || choice.deepLink) return sendRedirect(reply, choice.url);
    switch (link.redirectType) {
      case 'frame':
        return sendPage(reply, framePage(choice.url, link.title));
      case 'splash':
        return sendPage(reply, splashPage(choice.url, link.title));
      case 'splash-page': {
        const answer = (config: SplashConfig | undefined) =>
          sendPage(reply, config ? customSplashPage(choice.url, config) : splashPage(choice.url, link.title));
        if (link.splashId === null) return answer(undefined);
        if (this.splashById) return answer(this.splash(link.splashId, link.userId));
        return this.config('splash_pages', link.splashId, link.userId).then((c) => answer(c && { title: str(c['title']), message: str(c['message']) }), (e: unknown) => void reply.send(e));
      }
      case 'overlay': {
        const answer = (config: OverlayConfig | undefined) =>
          sendPage(reply, config ? overlayPage(choice.url, link.title, config) : framePage(choice.url, link.title));
        if (link.overlayId === null) return answer(undefined);
        if (this.overlayById) return answer(this.overlay(link.overlayId, link.userId));
        return this.config('overlays', link.overlayId, link.userId).then((c) => answer(c && { message: str(c['message']), button: str(c['button']) }), (e: unknown) => void reply.send(e));
      }
    }
  }

  /**
   * A visit past expiry and password (serve() above, or the direct redirect in front of
   * Fastify): this visitor's target, and the click counted, except for HEAD, which is what link
   * checkers and previewers send (answered, not counted).
   */
  countVisit(link: ResolvedLink, method: string, headers: VisitHeaders, address: string, now: number, referrer?: string): Choice {
    const agent = this.agents.get(headers.userAgent);
    const country = readCountry(headers.country);
    const choice = chooseTarget(link.targets, { device: agent.device, country, acceptLanguage: headers.acceptLanguage });
    if (method !== 'HEAD') this.record(link.id, agent, country, headers, address, now, referrer);
    return choice;
  }

  /**
   * countVisit() for a link every visitor leaves by the same Location (ResolvedLink.location):
   * the click alone, nothing to choose.
   */
  countPlainVisit(link: ResolvedLink, method: string, headers: VisitHeaders, address: string, now: number): void {
    if (method !== 'HEAD') this.record(link.id, this.agents.get(headers.userAgent), readCountry(headers.country), headers, address, now);
  }

  private record(linkId: number, agent: UserAgentInfo, country: string, headers: VisitHeaders, address: string, now: number, referrer?: string): void {
    // Positional: no Click object per redirect (the threaded recorder keeps typed arrays).
    const from = referrer ?? this.referrers.get(headers.referer);
    this.clicks.add(linkId, now, country, from, agent.browser, agent.os, agent.device, this.visitors.get(address, headers.userAgent ?? '', now));
  }

  isExpired(link: ResolvedLink, now = this.ctx.now()): boolean {
    return link.expiresAt !== null && link.expiresAt <= now;
  }

  /** The link has expired: said before anything else, a password included, is read. */
  expired(reply: FastifyReply): void {
    sendPage(reply, expiredPage());
  }

  /** Answers the password form again, saying the password was wrong. */
  wrongPassword(reply: FastifyReply, referrer: string): void {
    sendPage(reply, passwordPage(true, referrer));
  }

  /** Too many wrong passwords from this client for this link: 429, and when to try again. */
  passwordThrottled(reply: FastifyReply, retryAfterSeconds: number): void {
    reply.header('retry-after', String(retryAfterSeconds));
    sendPage(reply, passwordThrottledPage(waitInWords(retryAfterSeconds)));
  }

  /** PostgreSQL: a splash page's or overlay's settings, through the store. */
  private async config(table: 'splash_pages' | 'overlays', id: number, userId: number): Promise<Record<string, unknown> | undefined> {
    const row = await this.ctx.store.run(first(q<{ config: string }>(`SELECT config FROM ${table} WHERE id = ? AND user_id = ?`, id, userId)));
    return row ? readConfig(row.config) : undefined;
  }

  private splash(id: number, userId: number): SplashConfig | undefined {
    const row = (this.splashById as NonNullable<typeof this.splashById>).get(id, userId) as { config: string } | undefined;
    if (!row) return undefined;
    const c = readConfig(row.config);
    return { title: str(c['title']), message: str(c['message']) };
  }

  private overlay(id: number, userId: number): OverlayConfig | undefined {
    const row = (this.overlayById as NonNullable<typeof this.overlayById>).get(id, userId) as { config: string } | undefined;
    if (!row) return undefined;
    const c = readConfig(row.config);
    return { message: str(c['message']), button: str(c['button']) };
  }
}
