import type { Generated } from 'kysely';

/**
 * The service's tables as Kysely sees them (the schema itself is made by migrations.ts). Times
 * are unix milliseconds (bigint on PostgreSQL, read back as numbers); flags are 0/1 integers on
 * both engines so that every query reads the same.
 */
export interface Tables {
  users: {
    id: Generated<number>;
    email: string;
    username: string;
    password_hash: string | null;
    api_key_hash: string;
    api_key_prefix: Generated<string>;
    avatar_token: Generated<string | null>;
    status: Generated<string>;
    expires_at: number | null;
    created_at: number;
  };
  domains: {
    id: Generated<number>;
    user_id: number;
    domain: string;
    host: string;
    redirect_root: Generated<string>;
    redirect_404: Generated<string>;
    created_at: number;
  };
  channels: {
    id: Generated<number>;
    user_id: number;
    name: string;
    description: Generated<string>;
    color: Generated<string>;
    starred: Generated<number>;
    created_at: number;
  };
  campaigns: {
    id: Generated<number>;
    user_id: number;
    name: Generated<string>;
    slug: string | null;
    public: Generated<number>;
    created_at: number;
  };
  pixels: { id: Generated<number>; user_id: number; type: string; name: string; tag: string; created_at: number };
  overlays: { id: Generated<number>; user_id: number; type: string; name: string; config: Generated<string>; created_at: number };
  splash_pages: { id: Generated<number>; user_id: number; name: string; config: Generated<string>; created_at: number };
  links: {
    id: Generated<number>;
    user_id: number;
    domain_id: Generated<number>;
    alias: string;
    custom: Generated<number>;
    long_url: string;
    title: Generated<string>;
    note: Generated<string>;
    redirect_type: Generated<string>;
    splash_id: number | null;
    overlay_id: number | null;
    password_hash: string | null;
    expires_at: number | null;
    status: Generated<string>;
    meta_title: Generated<string>;
    meta_description: Generated<string>;
    meta_image: Generated<string>;
    geotarget: Generated<string>;
    devicetarget: Generated<string>;
    languagetarget: Generated<string>;
    deeplink: Generated<string>;
    parameters: Generated<string>;
    channel_id: number | null;
    channel_added_at: number | null;
    campaign_id: number | null;
    qr_id: number | null;
    created_at: number;
    updated_at: number;
  };
  link_pixels: { link_id: number; pixel_id: number };
  /** A link's click counter (schema 7): made with the link by a trigger, raised by the click recorders. */
  link_counts: { link_id: number; user_id: number; clicks: Generated<number> };
  clicks: {
    id: Generated<number>;
    link_id: number;
    at: number;
    country: Generated<string>;
    referrer: Generated<string>;
    browser: Generated<string>;
    os: Generated<string>;
    device: Generated<string>;
    visitor: string;
  };
  idempotency: { user_id: number; key: string; request_hash: string; status: number; body: string; created_at: number };
  settings: { key: string; value: string };
  qr_codes: {
    id: Generated<number>;
    user_id: number;
    alias: string;
    name: Generated<string>;
    type: string;
    data: string;
    background: Generated<string>;
    foreground: Generated<string>;
    logo: Generated<string>;
    link_id: number | null;
    channel_id: number | null;
    channel_added_at: number | null;
    created_at: number;
    updated_at: number;
  };
  /** The shared per-key request budget (rate-limit-postgres.ts); empty on SQLite. */
  rate_windows: { user_id: number; window_start: number; count: number };
}

/** Every table, parents before children (the order a copy inserts them in). */
export const TABLE_ORDER = [
  'users',
  'settings',
  'domains',
  'channels',
  'campaigns',
  'pixels',
  'overlays',
  'splash_pages',
  'links',
  'link_counts',
  'link_pixels',
  'qr_codes',
  'clicks',
  'idempotency',
  'rate_windows',
] as const satisfies readonly (keyof Tables)[];
