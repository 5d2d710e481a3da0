// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import LinkRows from '../../../renderer/src/components/links-list/LinkRows.vue';
import { RowPlaces, rowSlots } from '../../../renderer/src/components/links-list/row-memo.js';
import { mirrorLink } from './fake-bridge.js';
import { linkRowsProps } from './link-rows-props.js';

/**
 * The rows drawn in one window moved by one transform, in flow inside it (issue 43): a transform
 * per row gave Blink a paint property node and a chunk per row to layerize and hit-test at every
 * frame (docs/benchmarks.md, "The rows in one window").
 */
describe('the Links rows in one window', () => {
  const props = (first: number, count: number) =>
    linkRowsProps(
      rowSlots(
        Array.from({ length: count }, (_, i) => ({ index: first + i, start: (first + i) * 48 })),
        (index: number) => mirrorLink({ id: index + 1, alias: `row-${index}` }),
        new RowPlaces(),
      ),
      48 * 1000,
    );

  it('moves the window to its first row, and draws its rows in order with no transform of their own', async () => {
    const w = mount(LinkRows, { props: props(10, 5) });
    expect(w.get('[data-testid="links-rows"]').attributes('style')).toContain('height: 48000px');
    const windowEl = w.get('.link-rows__window');
    expect(windowEl.attributes('style')).toContain('translateY(480px)');
    const rows = windowEl.findAll('[data-testid="resource-row"]');
    expect(rows.map((r) => r.get('[data-testid="link-row"]').attributes('data-index'))).toEqual(['10', '11', '12', '13', '14']);
    for (const r of rows) expect(r.attributes('style') ?? '').not.toContain('transform');

    // Scrolled on: the window moves, the rows stay in order.
    await w.setProps(props(12, 5));
    expect(w.get('.link-rows__window').attributes('style')).toContain('translateY(576px)');
    expect(w.findAll('[data-testid="link-row"]').map((r) => r.attributes('data-index'))).toEqual(['12', '13', '14', '15', '16']);
  });
});
