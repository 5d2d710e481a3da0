// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref, withDirectives } from 'vue';
import { mount } from '@vue/test-utils';
import { NCheckbox, NFormItem, NInput } from 'naive-ui';
import { vFormLabels } from '../../../renderer/src/composables/form-labels.js';

/**
 * Naive UI's form item draws a <label> that points at no field: without v-form-labels a field is
 * read out by its placeholder. With it, each item's words name its field.
 */
function form(withDirective: boolean, shown = ref(false)) {
  return defineComponent({
    setup: () => () => {
      const body = h('div', [
        h(NFormItem, { label: 'Long URL', required: true }, () => h(NInput, { placeholder: 'https://example.com/a/long/page', inputProps: { 'data-testid': 'url' } as never })),
        h(NFormItem, { label: 'Note' }, () => h(NInput, { type: 'textarea', inputProps: { 'data-testid': 'note' } as never })),
        h(NFormItem, { label: 'Alias' }, () => h(NInput, { inputProps: { 'data-testid': 'alias', 'aria-label': 'Custom alias' } as never })),
        h(NFormItem, { label: 'Status' }, () => h(NCheckbox, { 'data-testid': 'public' }, () => 'Public')),
        shown.value ? h(NFormItem, { label: 'Expires' }, () => h(NInput, { inputProps: { 'data-testid': 'expiry' } as never })) : null,
      ]);
      return withDirective ? withDirectives(body, [[vFormLabels]]) : body;
    },
  });
}

const name = (w: ReturnType<typeof mount>, testId: string) => w.get(`[data-testid="${testId}"]`).attributes('aria-label');

describe('v-form-labels', () => {
  it('names each field by its form item’s label, without the required mark', async () => {
    const shown = ref(false);
    const w = mount(form(true, shown), { attachTo: document.body });
    expect(name(w, 'url')).toBe('Long URL');
    expect(name(w, 'note')).toBe('Note');
    // A field that names itself keeps its name; a checkbox (named by its own words) is left alone.
    expect(name(w, 'alias')).toBe('Custom alias');
    expect(w.findAll('[data-form-label]').map((f) => f.attributes('data-testid'))).toEqual(['url', 'note']);
    // A field that appears later is named then.
    shown.value = true;
    await nextTick();
    expect(name(w, 'expiry')).toBe('Expires');
    w.unmount();
  });

  it('without it, the fields have no name of their own', () => {
    const w = mount(form(false), { attachTo: document.body });
    expect(name(w, 'url')).toBeUndefined();
    expect(name(w, 'note')).toBeUndefined();
    w.unmount();
  });
});
