// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { defineComponent, h, ref } from 'vue';
import { NSelect } from 'naive-ui';
import UtmFields from '../../../renderer/src/components/utm/UtmFields.vue';
import type { UtmParams, UtmTemplate } from '../../../electron/shared/utm.js';
import { fail, installFakeBridge, ok, type FakeBridge } from './fake-bridge.js';

let fake: FakeBridge;
let wrapper: VueWrapper | undefined;
/** What the templates channels hold, as the backend would keep it. */
let saved: UtmTemplate[];

const NEWSLETTER: UtmTemplate = { name: 'Newsletter', params: { source: 'newsletter', medium: 'email', campaign: 'weekly' } };
const ADS: UtmTemplate = { name: 'Ads', params: { source: 'google', medium: 'cpc' } };

beforeEach(() => {
  fake = installFakeBridge();
  saved = [ADS, NEWSLETTER];
  fake.answer('utm:templates', () => ok(saved));
  fake.answer('utm:save-template', (arg: unknown) => {
    const { name, params } = arg as UtmTemplate;
    saved = [...saved.filter((t) => t.name.toLowerCase() !== name.toLowerCase()), { name, params }].sort((a, b) => a.name.localeCompare(b.name));
    return ok(saved);
  });
  fake.answer('utm:delete-template', (arg: unknown) => {
    saved = saved.filter((t) => t.name.toLowerCase() !== (arg as { name: string }).name.toLowerCase());
    return ok(saved);
  });
  setActivePinia(createPinia());
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
});

/** Mounts the fields inside a form, bound to `model` as a parent's v-model would be. */
async function open(start: UtmParams = {}, props: Record<string, unknown> = {}) {
  const model = ref<UtmParams>(start);
  const submitted = ref(0);
  const applied: string[] = [];
  const Host = defineComponent(() => () =>
    h('form', { onSubmit: (e: Event) => (e.preventDefault(), submitted.value++) }, [
      h(UtmFields, { ...props, modelValue: model.value, 'onUpdate:modelValue': (v: UtmParams) => (model.value = v), onTemplateApplied: (n: string) => applied.push(n) }),
    ]),
  );
  wrapper = mount(Host, { attachTo: document.body });
  await flushPromises();
  return { w: wrapper, model, submitted, applied };
}

const byId = (w: VueWrapper, id: string) => w.find(`[data-testid="${id}"]`);
async function type(w: VueWrapper, id: string, value: string): Promise<void> {
  await byId(w, id).setValue(value);
  await flushPromises();
}
async function click(w: VueWrapper, id: string): Promise<void> {
  await byId(w, id).trigger('click');
  await flushPromises();
}
const picker = (w: VueWrapper) => w.findAllComponents(NSelect).find((c) => c.attributes('data-testid') === 'utm-template')!;

describe('UtmFields', () => {
  it('edits the five parameters with their labels and keeps the others as they are', async () => {
    const { w, model } = await open({ source: 'mail' });
    for (const label of ['Source', 'Medium', 'Campaign', 'Term', 'Content']) expect(w.text()).toContain(label);
    expect((byId(w, 'utm-source').element as HTMLInputElement).value).toBe('mail');
    const label = w.find(`label[for="${byId(w, 'utm-medium').attributes('id')}"]`);
    expect(label.text()).toContain('Medium');
    await type(w, 'utm-medium', 'email');
    expect(model.value).toEqual({ source: 'mail', medium: 'email', campaign: '', term: '', content: '' });
  });

  it('says what is wrong next to the field as it is typed, and the parent’s message wins', async () => {
    const { w } = await open();
    await type(w, 'utm-campaign', 'c'.repeat(201));
    expect(byId(w, 'utm-campaign-error').text()).toBe('Campaign (utm_campaign) is 201 characters long; keep it to 200.');
    expect(byId(w, 'utm-campaign').attributes('aria-invalid')).toBe('true');
    expect(byId(w, 'utm-campaign').attributes('aria-describedby')).toBe(byId(w, 'utm-campaign-error').attributes('id'));
    expect(byId(w, 'utm-source-error').exists()).toBe(false);
    await type(w, 'utm-campaign', 'ok');
    expect(byId(w, 'utm-campaign-error').exists()).toBe(false);

    wrapper?.unmount();
    const other = await open({}, { messages: { term: 'Said by the editor.' }, requireSource: true });
    await type(other.w, 'utm-medium', 'email');
    expect(byId(other.w, 'utm-term-error').text()).toBe('Said by the editor.');
    expect(byId(other.w, 'utm-source-error').text()).toContain('is needed when other UTM parameters are set');
  });

  it('fills every field from the template picked, and shows which template the fields match', async () => {
    const { w, model, applied } = await open({ source: 'x', term: 'shoes' });
    expect(fake.callsTo('utm:templates')).toHaveLength(1);
    expect(picker(w).props('options')).toEqual([
      { label: 'Ads', value: 'Ads' },
      { label: 'Newsletter', value: 'Newsletter' },
    ]);
    expect(picker(w).props('value')).toBeNull();
    picker(w).vm.$emit('update:value', 'Newsletter');
    await flushPromises();
    // The template replaces all five: a term it does not set is cleared.
    expect(model.value).toEqual({ source: 'newsletter', medium: 'email', campaign: 'weekly', term: '', content: '' });
    expect(applied).toEqual(['Newsletter']);
    expect(picker(w).props('value')).toBe('Newsletter');
    await type(w, 'utm-campaign', 'monthly');
    expect(picker(w).props('value')).toBeNull();
  });

  it('saves the fields as a template under a name, checked next to the name first', async () => {
    const { w, submitted } = await open();
    await click(w, 'utm-save-template');
    await click(w, 'utm-template-save');
    expect(byId(w, 'utm-template-name-message').text()).toContain('Give the template a name');
    expect(byId(w, 'utm-save-params-error').text()).toContain('Fill in at least one UTM parameter');
    expect(fake.callsTo('utm:save-template')).toEqual([]);

    await type(w, 'utm-template-name', 'x'.repeat(61));
    expect(byId(w, 'utm-template-name-message').text()).toBe('The name is 61 characters long; keep it to 60.');

    await type(w, 'utm-source', ' social ');
    await type(w, 'utm-content', 'bio');
    await type(w, 'utm-template-name', 'Social profile');
    expect(byId(w, 'utm-template-name-message').exists()).toBe(false);
    // Enter in the name saves the template; it does not submit the form around the fields.
    await byId(w, 'utm-template-name').trigger('keydown', { key: 'Enter' });
    await flushPromises();
    expect(submitted.value).toBe(0);
    expect(fake.callsTo('utm:save-template')).toEqual([{ name: 'Social profile', params: { source: ' social ', medium: '', campaign: '', term: '', content: 'bio' } }]);
    expect(byId(w, 'utm-save-form').exists()).toBe(false);
    expect(byId(w, 'utm-template-notice').text()).toBe('Saved as the template "Social profile".');
    expect(picker(w).props('options')).toHaveLength(3);
  });

  it('says that saving under a name in use replaces that template', async () => {
    const { w } = await open({ source: 'newsletter', medium: 'email' });
    await click(w, 'utm-save-template');
    await type(w, 'utm-template-name', 'NEWSLETTER');
    expect(byId(w, 'utm-template-name-message').text()).toBe('A template named "Newsletter" exists: saving replaces its parameters.');
    expect(byId(w, 'utm-template-save').text()).toBe('Replace template');
    await click(w, 'utm-template-save');
    expect(saved.map((t) => t.name)).toEqual(['Ads', 'NEWSLETTER']);
    expect(byId(w, 'utm-template-notice').text()).toBe('The template "NEWSLETTER" was updated.');
  });

  it('shows the backend’s refusal next to the name, or in words below', async () => {
    fake.answer('utm:save-template', fail('invalid-input', 'name: too long', { issues: [{ path: ['name'], message: 'The name is taken by the backend.' }] }));
    const { w } = await open({ source: 'a' });
    await click(w, 'utm-save-template');
    await type(w, 'utm-template-name', 'Mine');
    await click(w, 'utm-template-save');
    expect(byId(w, 'utm-template-name-message').text()).toBe('The name is taken by the backend.');
    expect(byId(w, 'utm-save-form').exists()).toBe(true);

    fake.answer('utm:save-template', fail('internal', 'The template could not be written to disk. Check that there is free space and try again.'));
    await type(w, 'utm-template-name', 'Mine again');
    await click(w, 'utm-template-save');
    expect(byId(w, 'utm-save-error').text()).toContain('could not be written to disk');
  });

  it('deletes the template the fields match after a confirmation, leaving the fields as they are', async () => {
    const { w, model } = await open({ source: 'google', medium: 'cpc' });
    expect(picker(w).props('value')).toBe('Ads');
    await click(w, 'utm-template-delete');
    expect(w.text()).toContain('Delete "Ads"?');
    expect(fake.callsTo('utm:delete-template')).toEqual([]);
    await click(w, 'utm-template-delete-confirm');
    expect(fake.callsTo('utm:delete-template')).toEqual([{ name: 'Ads' }]);
    expect(picker(w).props('options')).toEqual([{ label: 'Newsletter', value: 'Newsletter' }]);
    expect(byId(w, 'utm-template-delete').exists()).toBe(false);
    expect(model.value).toEqual({ source: 'google', medium: 'cpc' });
  });

  it('says when the templates cannot be read, and tries again on request', async () => {
    fake.answer('utm:templates', fail('internal', 'The templates file is busy.'));
    const { w } = await open();
    expect(byId(w, 'utm-templates-error').text()).toContain('The templates file is busy.');
    fake.answer('utm:templates', () => ok(saved));
    await byId(w, 'utm-templates-error').find('button').trigger('click');
    await flushPromises();
    expect(byId(w, 'utm-templates-error').exists()).toBe(false);
    expect(picker(w).props('options')).toHaveLength(2);
  });

  it('leaves the templates out when asked (and reads none)', async () => {
    const { w } = await open({}, { templates: false });
    expect(byId(w, 'utm-template').exists()).toBe(false);
    expect(byId(w, 'utm-save-template').exists()).toBe(false);
    expect(fake.callsTo('utm:templates')).toEqual([]);
  });
});
