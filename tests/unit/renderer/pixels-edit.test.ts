// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { NSelect } from 'naive-ui';
import PixelForm from '../../../renderer/src/components/pixels/PixelForm.vue';
import PixelsView from '../../../renderer/src/views/PixelsView.vue';
import { pixelTypeInfo } from '../../../electron/shared/pixel-types.js';
import type { Pixel } from '../../../electron/shared/models.js';
import { fail, installFakeBridge, ok, type FakeBridge } from './fake-bridge.js';

/*
 * Editing and deleting pixels (services from 6.2 on): the form's checks next to the fields, the
 * confirmation before a delete, and the words an older service's refusal is shown in.
 */

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;

const queued = (opId: string, kind: string) => ({
  opId,
  seq: 1,
  mutation: { kind, id: 9 },
  state: 'queued',
  summary: 'x',
  attempts: 0,
});
const pixel: Pixel = {
  id: 9,
  type: 'gtmpixel',
  name: 'Site tags',
  tag: 'GTM-ABC1234',
  date: '2024-01-02 03:04:05',
};
const mirrored = (p: Pixel, over: Record<string, unknown> = {}) => ({
  ...p,
  pending: null,
  failed: null,
  opId: null,
  provisional: false,
  ...over,
});
const NOT_OFFERED_EDIT =
  'This service does not offer editing pixels (it answered 404 to PUT /api/pixel/9/update). It may be an older version.';
const NOT_OFFERED_DELETE =
  'This service does not offer deleting pixels (it answered 404 to DELETE /api/pixel/9/delete). It may be an older version.';

beforeEach(() => {
  fake = installFakeBridge();
  fake.answer('outbox:wait', (arg: unknown) =>
    ok({ opId: (arg as { opId: string }).opId, id: 9, shortUrl: null }),
  );
  fake.answer('outbox:discard', ok(undefined));
  fake.answer('sync:refresh', ok(undefined));
  fake.answer(
    'pixels:list',
    ok({
      items: [
        mirrored(pixel),
        mirrored(
          { ...pixel, id: -1, name: 'Not yet sent' },
          { pending: 'create', provisional: true },
        ),
      ],
      source: 'mirror',
      syncedAt: 1,
    }),
  );
  setActivePinia(createPinia());
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
});

async function mountIt(
  component: Parameters<typeof mount>[0],
  props: Record<string, unknown> = {},
): Promise<VueWrapper> {
  wrapper = mount(component, { props, attachTo: document.body }) as VueWrapper;
  await flushPromises();
  return wrapper;
}
const feedback = (w: VueWrapper, field: string) =>
  w.get(`[data-field="${field}"] .n-form-item-feedback-wrapper`).text();
async function type(w: VueWrapper, testId: string, value: string): Promise<void> {
  await w.get(`input[data-testid="${testId}"]`).setValue(value);
  await flushPromises();
}
async function submit(w: VueWrapper): Promise<void> {
  await w.get('form').trigger('submit');
  await flushPromises();
}
/** The confirmation is a modal: it is drawn in the body, outside the view. */
const inBody = (testId: string) =>
  document.body.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

describe('PixelForm, editing a pixel', () => {
  it('shows the pixel with its platform fixed, and checks name and tag next to the fields', async () => {
    const w = await mountIt(PixelForm, { pixel });
    expect(w.get('h2').text()).toBe('Edit the pixel “Site tags”');
    expect(w.getComponent(NSelect).props('disabled')).toBe(true);
    expect(w.getComponent(NSelect).props('value')).toBe('gtmpixel');
    expect(feedback(w, 'type')).toContain('A pixel keeps its platform');
    expect((w.get('input[data-testid="pixel-tag"]').element as HTMLInputElement).value).toBe(
      'GTM-ABC1234',
    );

    await type(w, 'pixel-name', '  ');
    await type(w, 'pixel-tag', '12345');
    await submit(w);

    expect(feedback(w, 'name')).toContain('Enter a name');
    expect(feedback(w, 'tag')).toContain('That is not a valid Google Tag Manager container ID.');
    expect(fake.callsTo('pixels:update')).toEqual([]);
  });

  it('sends the name and the tag in its canonical form (never the type), waits for the service, then is done', async () => {
    fake.answer('pixels:update', ok(queued('op-1', 'pixel.update')));
    const w = await mountIt(PixelForm, { pixel });
    await type(w, 'pixel-name', ' All pages ');
    await type(w, 'pixel-tag', ' gtm-xyz9876 ');

    await submit(w);

    expect(fake.callsTo('pixels:update')).toEqual([
      { id: 9, name: 'All pages', tag: 'GTM-XYZ9876' },
    ]);
    expect(fake.callsTo('pixels:create')).toEqual([]);
    expect(fake.callsTo('outbox:wait')).toEqual([{ opId: 'op-1' }]);
    expect(w.emitted('saved')).toHaveLength(1);
  });

  it('says in words when the service does not offer editing pixels, and can drop the refused change', async () => {
    fake.answer('pixels:update', ok(queued('op-2', 'pixel.update')));
    fake.answer('outbox:wait', fail('invalid-input', NOT_OFFERED_EDIT));
    const w = await mountIt(PixelForm, { pixel });
    await type(w, 'pixel-name', 'Renamed');

    await submit(w);

    expect(w.get('[data-testid="pixel-form-failure"]').text()).toContain(NOT_OFFERED_EDIT);
    expect(w.get('[data-testid="pixel-form-failure"]').text()).toContain(
      'The service did not save the pixel',
    );
    expect(w.emitted('saved')).toBeUndefined();
    await w.get('[data-testid="pixel-discard-failed"]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('outbox:discard')).toEqual([{ opId: 'op-2' }]);
    expect(w.emitted('cancel')).toHaveLength(1);
  });

  it('edits a pixel of a platform Linkdeck does not know, asking only for some tag', async () => {
    fake.answer('pixels:update', ok(queued('op-3', 'pixel.update')));
    const w = await mountIt(PixelForm, { pixel: { ...pixel, type: 'newplatform', tag: 'abc' } });
    expect((w.get('input[data-testid="pixel-type-text"]').element as HTMLInputElement).value).toBe(
      'newplatform',
    );
    await type(w, 'pixel-tag', '');
    await submit(w);
    expect(feedback(w, 'tag')).toBe('Enter the tag the platform gave the pixel.');
    await type(w, 'pixel-tag', ' xyz ');
    await submit(w);
    expect(fake.callsTo('pixels:update')).toEqual([{ id: 9, name: 'Site tags', tag: 'xyz' }]);
  });

  it('still creates a pixel as before when given none', async () => {
    fake.answer('pixels:create', ok(queued('op-4', 'pixel.create')));
    const w = await mountIt(PixelForm);
    w.getComponent(NSelect).vm.$emit('update:value', 'bing');
    await flushPromises();
    expect(feedback(w, 'tag')).toBe(pixelTypeInfo('bing').hint);
    await type(w, 'pixel-name', 'Search');
    await type(w, 'pixel-tag', '1234567');
    await submit(w);
    expect(fake.callsTo('pixels:create')).toEqual([
      { type: 'bing', name: 'Search', tag: '1234567' },
    ]);
    expect(w.emitted('saved')).toHaveLength(1);
  });
});

describe('PixelsView, edit and delete', () => {
  const buttons = (w: VueWrapper, testId: string) => w.findAll(`[data-testid="${testId}"]`);

  it('offers Edit and Delete on each confirmed pixel (not on one the service has not confirmed)', async () => {
    const w = await mountIt(PixelsView);
    const edits = buttons(w, 'pixel-edit');
    expect(
      edits.map((b) => [b.attributes('data-id'), b.attributes('disabled') !== undefined]),
    ).toEqual([
      ['9', false],
      ['-1', true],
    ]);
    expect(buttons(w, 'pixel-delete').map((b) => b.attributes('disabled') !== undefined)).toEqual([
      false,
      true,
    ]);
  });

  it('opens the edit form with the pixel, and closes it once the service took the change', async () => {
    fake.answer('pixels:update', ok(queued('op-5', 'pixel.update')));
    const w = await mountIt(PixelsView);
    await buttons(w, 'pixel-edit')[0]?.trigger('click');
    await flushPromises();
    expect(w.get('[data-testid="pixel-form"] h2').text()).toBe('Edit the pixel “Site tags”');
    await type(w, 'pixel-name', 'All pages');
    await w.get('[data-testid="pixel-form"]').trigger('submit');
    await flushPromises();
    expect(fake.callsTo('pixels:update')).toEqual([
      { id: 9, name: 'All pages', tag: 'GTM-ABC1234' },
    ]);
    expect(w.find('[data-testid="pixel-form"]').exists()).toBe(false);
  });

  it('deletes only after a confirmation, then waits for the service', async () => {
    fake.answer('pixels:delete', ok(queued('op-6', 'pixel.delete')));
    const w = await mountIt(PixelsView);
    await buttons(w, 'pixel-delete')[0]?.trigger('click');
    await flushPromises();
    expect(fake.callsTo('pixels:delete')).toEqual([]);
    expect(document.body.textContent).toContain('Delete the pixel “Site tags”?');
    expect(inBody('confirm-delete-message')?.textContent).toContain(
      'Links that use it stop loading it',
    );

    inBody('confirm-delete-yes')?.click();
    await flushPromises();

    expect(fake.callsTo('pixels:delete')).toEqual([{ id: 9 }]);
    expect(fake.callsTo('outbox:wait')).toEqual([{ opId: 'op-6' }]);
    expect(inBody('confirm-delete')).toBeNull();
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const w = await mountIt(PixelsView);
    await buttons(w, 'pixel-delete')[0]?.trigger('click');
    await flushPromises();
    inBody('confirm-delete-no')?.click();
    await flushPromises();
    expect(inBody('confirm-delete')).toBeNull();
    expect(fake.callsTo('pixels:delete')).toEqual([]);
  });

  it('says in words when the service does not offer deleting pixels', async () => {
    fake.answer('pixels:delete', ok(queued('op-7', 'pixel.delete')));
    fake.answer('outbox:wait', fail('invalid-input', NOT_OFFERED_DELETE));
    const w = await mountIt(PixelsView);
    await buttons(w, 'pixel-delete')[0]?.trigger('click');
    await flushPromises();

    inBody('confirm-delete-yes')?.click();
    await flushPromises();

    expect(inBody('confirm-delete-failure')?.textContent).toContain(NOT_OFFERED_DELETE);
    expect(inBody('confirm-delete')).not.toBeNull();
  });
});
