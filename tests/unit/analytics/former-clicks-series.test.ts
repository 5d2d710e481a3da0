// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { readOverview } from '../../../electron/backend/analytics/overview.js';
import { recordLinkOrigin, storeRowOrigins } from '../../../electron/backend/bulk/former-clicks.js';
import AnalyticsFormerClicks from '../../../renderer/src/components/analytics/AnalyticsFormerClicks.vue';
import { link, store, tempProfileData } from '../mirror/support/temp-mirror.js';

/*
 * "Clicks before the move" in Analytics: the former clicks of imported links (link_origins),
 * summed per source over the links mirrored, as their own figure: never inside the timeline or
 * the total of clicks measured here (they have no dates).
 */

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5);

let data: ReturnType<typeof tempProfileData> | undefined;
afterEach(() => data?.dispose());

/** Imports as a bulk job records them: a row's count at the old service becomes its link's origin. */
function imported(jobId: string, source: string, rows: [linkId: number, clicks: number][]): void {
  data!.sql.run("INSERT INTO bulk_jobs (id, name, created_at, finished_at, status, reuse, total) VALUES (?, 'Import', 0, 0, 'done', 1, ?)", [jobId, rows.length]);
  storeRowOrigins(data!.sql, jobId, { source, clicks: rows.map(([, c]) => c) });
  rows.forEach(([linkId], idx) => recordLinkOrigin(data!.sql, jobId, idx, linkId, T0));
}

describe('clicks before the move in Analytics', () => {
  it('keep one entry per source: a link imported from two sources adds both counts and is one link', async () => {
    data = tempProfileData();
    store(data, [link(1, { clicks: 10 }), link(2, { clicks: 5 })], T0 + DAY);
    imported('job-a', 'Bitly export', [[1, 1200]]);
    imported('job-b', 'YOURLS links', [[1, 30], [2, 4]]);
    // The same source again updates its own entry (its newer count), it is not added twice.
    imported('job-c', 'Bitly export', [[1, 1250]]);

    const overview = await readOverview(data.mirror, null, { from: T0, to: T0 + 3 * DAY, step: 'day' });

    expect(overview.formerClicks).toEqual({
      clicks: 1284,
      links: 2,
      sources: [
        { source: 'Bitly export', clicks: 1250, links: 1 },
        { source: 'YOURLS links', clicks: 34, links: 2 },
      ],
    });
  });

  it('are a separate total per source over the mirrored links, outside the timeline and the measured total', async () => {
    data = tempProfileData();
    store(data, [link(1, { clicks: 10 }), link(2, { clicks: 5 }), link(3, { clicks: 0 }), link(4)], T0 + DAY);
    imported('job-a', 'Bitly export', [[1, 1200], [2, 34]]);
    imported('job-b', 'Kutt', [[3, 7]]);
    // A link no longer mirrored (deleted) does not count.
    imported('job-c', 'Kutt', [[99, 5000]]);

    const overview = await readOverview(data.mirror, null, { from: T0, to: T0 + 3 * DAY, step: 'day' });

    expect(overview.formerClicks).toEqual({
      clicks: 1241,
      links: 3,
      sources: [
        { source: 'Bitly export', clicks: 1234, links: 2 },
        { source: 'Kutt', clicks: 7, links: 1 },
      ],
    });
    // The clicks measured here are what the service counted, without the old ones.
    expect(overview.clicks).toBe(15);
    const last = overview.timeline.buckets.at(-1);
    expect(last?.total).toBe(15);
    expect(overview.timeline.buckets.reduce((n, b) => n + b.gained, 0)).toBeLessThan(1241);
  });

  it('are shown as their own figure and bars, beside the clicks counted here, saying why they are not over time', () => {
    const former = { clicks: 1241, links: 3, sources: [{ source: 'Bitly export', clicks: 1234, links: 2 }, { source: 'Kutt', clicks: 7, links: 1 }] };
    const w = mount(AnalyticsFormerClicks, { props: { former, clicksHere: 15 } });
    expect(w.get('[data-testid="analytics-former-total"]').text()).toBe('1,241');
    expect(w.get('[data-testid="analytics-former-sources"]').text()).toBe('1,234 as the Bitly export counted them (2 links); 7 as the Kutt counted them (1 link)');
    expect(w.get('canvas').attributes('aria-label')).toBe(
      'Clicks counted here and before the move: Clicks counted here 15, Before the move (Bitly export) 1,234, Before the move (Kutt) 7.',
    );
    expect(w.get('[data-testid="analytics-former-note"]').text()).toMatch(/no dates, so they are shown as one total here and are not part of "Clicks over time"/);
    // Nothing imported: no figure at all.
    const none = mount(AnalyticsFormerClicks, { props: { former: { clicks: 0, links: 0, sources: [] }, clicksHere: 15 } });
    expect(none.find('[data-testid="analytics-former-clicks"]').exists()).toBe(false);
  });
});
