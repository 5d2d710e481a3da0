import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openProfileData, type ProfileData } from '../../../../electron/backend/mirror/index.js';
import type { MirrorClock } from '../../../../electron/backend/mirror/mirror.js';
import { storeListedLinks } from '../../../../electron/backend/mirror/link-writes.js';
import type { LinkSummary } from '../../../../electron/shared/models.js';

/** A profile data file in its own temp dir; `dispose` closes and removes it. */
export function tempProfileData(
  options: { clock?: MirrorClock; baseUrl?: string } = {},
): ProfileData & { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-mirror-unit-'));
  const data = openProfileData(dir, {
    baseUrl: options.baseUrl ?? 'https://s.test',
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return Object.assign(data, {
    dir,
    dispose() {
      data.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** A list item with defaults (id 1 on 2025-01-01, one second per id). */
export function link(id: number, fields: Partial<LinkSummary> = {}): LinkSummary {
  const alias = fields.alias ?? `a${id}`;
  const date = new Date(Date.UTC(2025, 0, 1) + id * 1000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
  return {
    id,
    alias,
    shortUrl: `https://s.test/${alias}`,
    longUrl: `https://example.com/page-${id}`,
    clicks: 0,
    title: `Page ${id}`,
    description: '',
    date,
    ...fields,
  };
}

export function store(data: ProfileData, items: LinkSummary[], now = Date.now(), gen?: number) {
  return data.mirror.write(['links'], () => storeListedLinks(data.sql, items, now, gen));
}
