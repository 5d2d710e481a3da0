// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { NSelect } from 'naive-ui';
import ChannelsView from '../../../renderer/src/views/ChannelsView.vue';
import CampaignsView from '../../../renderer/src/views/CampaignsView.vue';
import DomainsView from '../../../renderer/src/views/DomainsView.vue';
import PixelsView from '../../../renderer/src/views/PixelsView.vue';
import ResourceListView from '../../../renderer/src/views/ResourceListView.vue';
import LinkEditor from '../../../renderer/src/components/link-editor/LinkEditor.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import type { ChannelName } from '../../../electron/shared/contract.js';
import type { NotOffered } from '../../../electron/shared/models.js';
import { installFakeBridge, ok, type FakeBridge } from './fake-bridge.js';

/*
 * Sections and the link editor when the profile's service lacks a collection (issue 14): the
 * section says "not offered by this service" in words, its create button is disabled with the
 * reason, the editor's picker too, and "Ask the service again" is a manual refresh.
 */

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;

const AT = Date.UTC(2030, 0, 1, 12);
const notOffered = (what: string, path: string): NotOffered => ({
  message: `This service does not offer ${what}: it answered HTTP 404 with a web page to GET ${path}. It may be an older version; Linkdeck asks again on a refresh and every day.`,
  since: AT,
  checkedAt: AT,
  nextCheckAt: AT + 86_400_000,
});
const list = <T>(items: T[], mark?: NotOffered) =>
  ok({
    items: items.map((i) => ({
      ...i,
      pending: null,
      failed: null,
      opId: null,
      provisional: false,
    })),
    source: 'mirror',
    syncedAt: 1,
    ...(mark ? { notOffered: mark } : {}),
  });

const LISTS: ChannelName[] = [
  'channels:list',
  'campaigns:list',
  'domains:list',
  'pixels:list',
  'overlays:list',
  'splash:list',
];

beforeEach(() => {
  localStorage.clear();
  fake = installFakeBridge();
  for (const channel of LISTS) fake.answer(channel, list([]));
  fake.answer('sync:refresh', ok(undefined));
  fake.answer(
    'links:list',
    ok({ items: [], total: 0, offset: 0, limit: 50, unknown: 0, source: 'mirror', syncedAt: 1 }),
  );
  fake.answer('links:reusable', ok(null));
  setActivePinia(createPinia());
  useProfilesStore().$patch({ currentId: 'p-local' } as never);
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountIt(
  component: Parameters<typeof mount>[0],
  props: Record<string, unknown> = {},
): Promise<VueWrapper> {
  wrapper = mount(component, { props, attachTo: document.body }) as VueWrapper;
  await flushPromises();
  return wrapper;
}
const button = (w: VueWrapper, testId: string) => w.get(`[data-testid="${testId}"]`);

describe('a section whose collection the service does not offer', () => {
  const sections = [
    {
      name: 'Domains',
      view: DomainsView,
      channel: 'domains:list',
      create: 'domain-add',
      what: 'branded domains',
      path: '/api/domains',
      kind: 'domains',
    },
    {
      name: 'Channels',
      view: ChannelsView,
      channel: 'channels:list',
      create: 'channel-new',
      what: 'channels',
      path: '/api/channels',
      kind: 'channels',
    },
    {
      name: 'Campaigns',
      view: CampaignsView,
      channel: 'campaigns:list',
      create: 'campaign-new',
      what: 'campaigns',
      path: '/api/campaigns',
      kind: 'campaigns',
    },
    {
      name: 'Pixels',
      view: PixelsView,
      channel: 'pixels:list',
      create: 'pixel-add',
      what: 'pixels',
      path: '/api/pixels',
      kind: 'pixels',
    },
  ] as const;
  for (const s of sections) {
    it(`${s.name}: says so in words and disables its create button with the reason`, async () => {
      fake.answer(s.channel, list([], notOffered(s.what, s.path)));
      const w = await mountIt(s.view);
      const notice = w.get('[data-testid="not-offered"]');
      expect(notice.attributes('data-collection')).toBe(s.kind);
      expect(notice.text()).toContain('not offered by this service');
      expect(notice.text()).toContain(
        `This service does not offer ${s.what}: it answered HTTP 404 with a web page to GET ${s.path}.`,
      );
      expect(notice.text()).toContain('Linkdeck asks the service again by itself after');
      const create = button(w, s.create);
      expect(create.attributes('disabled')).toBeDefined();
      expect(create.attributes('title')).toBe(`This service does not offer ${s.what}.`);
    });
  }

  it('asks the service again on request, and shows the collection once it is offered', async () => {
    fake.answer('domains:list', list([], notOffered('branded domains', '/api/domains')));
    const w = await mountIt(DomainsView);
    expect(button(w, 'domain-add').attributes('disabled')).toBeDefined();
    // The upgraded deployment answers: the forced refresh brings the domains.
    fake.answer('sync:refresh', () => {
      fake.answer(
        'domains:list',
        list([{ id: 1, domain: 'https://go.brand.test', redirectRoot: '', redirect404: '' }]),
      );
      return ok(undefined);
    });
    await button(w, 'not-offered-ask').trigger('click');
    await flushPromises();
    expect(fake.callsTo('sync:refresh')).toContainEqual({ view: { kind: 'domains' }, force: true });
    expect(w.find('[data-testid="not-offered"]').exists()).toBe(false);
    expect(button(w, 'domain-add').attributes('disabled')).toBeUndefined();
    expect(w.text()).toContain('go.brand.test');
  });

  it('says why asking again failed, in words', async () => {
    fake.answer('domains:list', list([], notOffered('branded domains', '/api/domains')));
    const w = await mountIt(DomainsView);
    fake.answer('sync:refresh', {
      ok: false,
      error: { code: 'offline', message: 'The service cannot be reached.' },
    });
    await button(w, 'not-offered-ask').trigger('click');
    await flushPromises();
    expect(w.get('[data-testid="not-offered-error"]').text()).toContain('cannot be reached');
  });

  it('Overlays & splash: each list not offered says so', async () => {
    fake.answer('overlays:list', list([], notOffered('call-to-action overlays', '/api/overlay')));
    const w = await mountIt(ResourceListView, {
      title: 'Overlays & splash',
      resources: ['overlays', 'splash'],
    });
    const notices = w.findAll('[data-testid="not-offered"]');
    expect(notices.map((n) => n.attributes('data-collection'))).toEqual(['overlays']);
    expect(notices[0]!.text()).toContain('Call-to-action overlays: not offered by this service');
  });

  it('an offered collection shows no notice and an enabled button', async () => {
    const w = await mountIt(ChannelsView);
    expect(w.find('[data-testid="not-offered"]').exists()).toBe(false);
    expect(button(w, 'channel-new').attributes('disabled')).toBeUndefined();
  });
});

describe('the link editor against a service without some collections', () => {
  const select = (w: VueWrapper, testId: string) =>
    w.findAllComponents(NSelect).find((c) => c.attributes('data-testid') === testId)!;

  it('disables the pickers of collections not offered, with the reason next to them', async () => {
    fake.answer('campaigns:list', list([], notOffered('campaigns', '/api/campaigns')));
    fake.answer('domains:list', list([], notOffered('branded domains', '/api/domains')));
    const w = await mountIt(LinkEditor, { mode: 'create', aliasCheckDelay: 0 });
    expect(select(w, 'link-campaign').props('disabled')).toBe(true);
    expect(w.get('[data-field="campaign"]').text()).toContain(
      'Not offered by this service: it has no campaigns',
    );
    expect(select(w, 'link-domain').props('disabled')).toBe(true);
    expect(w.get('[data-field="domain"]').text()).toContain(
      'Not offered by this service: it has no branded domains',
    );
    // What the service offers stays usable.
    expect(select(w, 'link-channel').props('disabled')).toBe(false);
    expect(select(w, 'link-pixels').props('disabled')).toBe(false);
    expect(w.get('[data-field="channel"]').text()).not.toContain('Not offered');
  });
});
