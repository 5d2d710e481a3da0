// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import ChannelForm from '../../../renderer/src/components/channels/ChannelForm.vue';
import CampaignForm from '../../../renderer/src/components/campaigns/CampaignForm.vue';
import ChannelsView from '../../../renderer/src/views/ChannelsView.vue';
import CampaignsView from '../../../renderer/src/views/CampaignsView.vue';
import { useProfilesStore } from '../../../renderer/src/stores/profiles.js';
import type { OutboxItem } from '../../../electron/shared/models.js';
import { fail, installFakeBridge, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;

const list = <T>(items: T[]) => ok({ items: items.map((i) => ({ ...i, pending: null, failed: null, opId: null, provisional: false })), source: 'mirror', syncedAt: 1 });
const linkPage = (total: number) => ok({ items: [], total, offset: 0, limit: 1, unknown: 0, source: 'mirror', syncedAt: 1 });

function outboxItem(over: Partial<OutboxItem> = {}): OutboxItem {
  return {
    opId: 'op-1',
    seq: 1,
    mutation: { kind: 'channel.create', input: { name: 'x' } },
    state: 'queued',
    summary: 'Create a channel',
    provisionalId: -1,
    attempts: 0,
    lastError: null,
    nextAttemptAt: null,
    outcomeUnknown: false,
    blockedBy: null,
    createdAt: 0,
    ...over,
  };
}

beforeEach(() => {
  fake = installFakeBridge();
  fake.answer('channels:create', ok(outboxItem()));
  fake.answer('channels:update', ok(outboxItem()));
  fake.answer('campaigns:create', ok(outboxItem()));
  fake.answer('campaigns:update', ok(outboxItem()));
  fake.answer('outbox:wait', ok({ opId: 'op-1', id: 5, shortUrl: null }));
  fake.answer('sync:refresh', ok(undefined));
  fake.answer('links:list', linkPage(0));
  setActivePinia(createPinia());
  useProfilesStore().$patch({ currentId: 'p-local' } as never);
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

async function mountIt<P extends Record<string, unknown>>(component: Parameters<typeof mount>[0], props: P = {} as P): Promise<VueWrapper> {
  wrapper = mount(component, { props, attachTo: document.body }) as VueWrapper;
  await flushPromises();
  return wrapper;
}
async function type(w: VueWrapper, testId: string, value: string): Promise<void> {
  await w.find(`[data-testid="${testId}"]`).setValue(value);
  await flushPromises();
}
async function submit(w: VueWrapper, form: string): Promise<void> {
  await w.find(`[data-testid="${form}"]`).trigger('submit');
  await flushPromises();
}
const field = (w: VueWrapper, path: string) => w.find(`[data-field="${path}"]`);

describe('channel form', () => {
  it('requires a name, next to the field, and sends nothing', async () => {
    const w = await mountIt(ChannelForm);
    expect(field(w, 'name').text()).not.toContain('required');
    await submit(w, 'channel-form');
    expect(field(w, 'name').text()).toContain('The name is required');
    expect(fake.callsTo('channels:create')).toEqual([]);
  });

  it('rejects a colour that is not HEX, next to the colour field', async () => {
    const w = await mountIt(ChannelForm);
    await type(w, 'channel-name', 'News');
    await type(w, 'channel-color', 'blue');
    await submit(w, 'channel-form');
    expect(field(w, 'color').text()).toContain('HEX colour such as #1a73e8');
    expect(field(w, 'name').text()).not.toContain('required');
    expect(fake.callsTo('channels:create')).toEqual([]);
  });

  it('creates the channel with the colour normalised, waits for the service and says so', async () => {
    const w = await mountIt(ChannelForm);
    await type(w, 'channel-name', ' News ');
    await type(w, 'channel-description', 'Weekly');
    await type(w, 'channel-color', '#1AE');
    await w.find('[data-testid="channel-starred"]').trigger('click');
    await submit(w, 'channel-form');
    expect(fake.callsTo('channels:create')).toEqual([{ name: 'News', description: 'Weekly', color: '#11aaee', starred: true }]);
    expect(fake.callsTo('outbox:wait')).toEqual([{ opId: 'op-1' }]);
    expect(w.emitted('saved')).toHaveLength(1);
  });

  it('edits an existing channel by id', async () => {
    const w = await mountIt(ChannelForm, { channel: { id: 9, name: 'Old', description: '', color: '#000000', starred: false } });
    await type(w, 'channel-name', 'New name');
    await submit(w, 'channel-form');
    expect(fake.callsTo('channels:update')).toEqual([{ id: 9, name: 'New name', description: '', color: '#000000', starred: false }]);
  });

  it('shows the service refusal in its words and stays open', async () => {
    fake.answer('outbox:wait', fail('invalid-input', 'The field "color" must be a HEX colour.'));
    const w = await mountIt(ChannelForm);
    await type(w, 'channel-name', 'News');
    await submit(w, 'channel-form');
    expect(w.find('[data-testid="channel-form-failure"]').text()).toContain('The field "color" must be a HEX colour.');
    expect(w.find('[data-testid="channel-form"]').attributes('data-phase')).toBe('failed');
    expect(w.emitted('saved')).toBeUndefined();
  });
});

describe('campaign form', () => {
  it('requires a name and refuses a slug with other characters, next to the fields', async () => {
    const w = await mountIt(CampaignForm);
    await type(w, 'campaign-slug', 'summer sale!');
    await submit(w, 'campaign-form');
    expect(field(w, 'name').text()).toContain('The name is required');
    expect(field(w, 'slug').text()).toContain('only letters, digits, "-" and "_"');
    expect(fake.callsTo('campaigns:create')).toEqual([]);
  });

  it('creates a campaign and shows a refusal from the service (a taken slug) in words', async () => {
    fake.answer('outbox:wait', fail('invalid-input', 'The rotator slug "sale" is already taken. Choose another one.'));
    const w = await mountIt(CampaignForm);
    await type(w, 'campaign-name', 'Sale');
    await type(w, 'campaign-slug', 'sale');
    await w.find('[data-testid="campaign-public"]').trigger('click');
    await submit(w, 'campaign-form');
    expect(fake.callsTo('campaigns:create')).toEqual([{ name: 'Sale', slug: 'sale', public: true }]);
    expect(w.find('[data-testid="campaign-form-failure"]').text()).toContain('is already taken');
    expect(w.emitted('saved')).toBeUndefined();
    fake.answer('outbox:discard', ok(undefined));
    await w.find('[data-testid="campaign-discard-failed"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('outbox:discard')).toEqual([{ opId: 'op-1' }]);
    expect(w.emitted('cancel')).toHaveLength(1);
  });

  it('sending again after a refusal replaces the refused change', async () => {
    fake.answer('outbox:wait', fail('invalid-input', 'The rotator slug "sale" is already taken. Choose another one.'));
    fake.answer('outbox:discard', ok(undefined));
    const w = await mountIt(CampaignForm);
    await type(w, 'campaign-name', 'Sale');
    await type(w, 'campaign-slug', 'sale');
    await submit(w, 'campaign-form');
    fake.answer('outbox:wait', ok({ opId: 'op-1', id: 5, shortUrl: null }));
    await type(w, 'campaign-slug', 'sale-2');
    await submit(w, 'campaign-form');
    expect(fake.callsTo('outbox:discard')).toEqual([{ opId: 'op-1' }]);
    expect(fake.callsTo('campaigns:create')).toHaveLength(2);
    expect(w.emitted('saved')).toHaveLength(1);
  });

  it('edits with the slug read from the rotator address', async () => {
    const w = await mountIt(CampaignForm, { campaign: { id: 4, name: 'Sale', public: false, rotator: 'http://s.test/r/spring', list: 'http://s.test/c/4' } });
    expect((w.find('[data-testid="campaign-slug"]').element as HTMLInputElement).value).toBe('spring');
    await type(w, 'campaign-name', 'Spring sale');
    await submit(w, 'campaign-form');
    expect(fake.callsTo('campaigns:update')).toEqual([{ id: 4, name: 'Spring sale', slug: 'spring', public: false }]);
    expect(w.emitted('saved')).toHaveLength(1);
  });
});

describe('lists', () => {
  it('lists starred channels first, with their colour badge', async () => {
    fake.answer(
      'channels:list',
      list([
        { id: 1, name: 'Alpha', description: 'a', color: '#ff0000', starred: false },
        { id: 2, name: 'Zulu', description: 'z', color: '#00ff00', starred: true },
      ]),
    );
    const w = await mountIt(ChannelsView);
    expect(w.findAll('[data-testid="channel-row-name"]').map((n) => n.text())).toEqual(['Zulu', 'Alpha']);
    expect(w.findAll('[data-testid="channel-badge"]').map((n) => n.attributes('data-color'))).toEqual(['#00ff00', '#ff0000']);
    expect(w.findAll('[data-testid="channel-star"]')).toHaveLength(1);
  });

  it('shows each campaign with its access and its number of links from the mirror', async () => {
    fake.answer('campaigns:list', list([{ id: 3, name: 'Launch', public: true, rotator: 'http://s.test/r/launch', list: 'http://s.test/c/3' }]));
    fake.answer('links:list', (arg: unknown) => {
      const filters = (arg as { filters?: { campaign?: number } }).filters;
      return linkPage(filters?.campaign === 3 ? 7 : 0);
    });
    const w = await mountIt(CampaignsView);
    expect(w.find('[data-testid="campaign-row-name"]').text()).toBe('Launch');
    expect(w.find('[data-testid="campaign-row-access"]').text()).toBe('Public');
    expect(w.find('[data-testid="campaign-row-rotator"]').text()).toBe('http://s.test/r/launch');
    expect(w.find('[data-testid="campaign-row-links"]').text()).toBe('7');
    expect(fake.callsTo('links:list')).toContainEqual({ filters: { campaign: 3 }, limit: 1 });
  });
});
