// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import type { Router } from 'vue-router';
import LinksList from '../../../renderer/src/components/links-list/LinksList.vue';
import { FIRST_ROWS, PAGE_SIZE, REST_DELAY_MS } from '../../../renderer/src/stores/links-workspace.js';
import type { MirrorLink, MirrorLinkQuery } from '../../../electron/shared/models.js';
import { untilDom } from './dom-signals.js';
import { mirrorLink, ok, type FakeBridge } from './fake-bridge.js';
import { answerNoGroups, closeApp, mountApp, startApp } from './app-shell.js';

/*
 * What a keystroke in the Links view does beyond the floor page (issue 43): the work that can
 * wait, or that changes nothing on screen, is not done per key. Each test counts the list's
 * renders through its component's tree (each render makes a new one).
 */

let fake: FakeBridge;
let pinia: Pinia;
let router: Router;
let wrapper: VueWrapper | undefined;

const link = (id: number): MirrorLink => mirrorLink({ id, alias: `a${id}`, shortUrl: `http://s/a${id}`, longUrl: `https://example.com/${id}`, title: `Link ${id}` });

beforeEach(() => {
  ({ fake, pinia, router } = startApp());
  answerNoGroups(fake);
  fake.answer('links:list', (arg: unknown) => {
    const { offset = 0, limit = 50 } = arg as MirrorLinkQuery;
    const total = 100_000;
    const items: MirrorLink[] = [];
    for (let i = offset; i < Math.min(total, offset + limit); i++) items.push(link(i + 1));
    return ok({ items, total, offset, limit, unknown: 0, source: 'mirror', syncedAt: 1_000 });
  });
});

afterEach(() => {
  closeApp(wrapper);
  wrapper = undefined;
});

const listCalls = () => fake.callsTo('links:list') as MirrorLinkQuery[];
const scroller = () => document.querySelector<HTMLElement>('[data-testid="resource-links"]')!;
const rowShort = (index: number) => document.querySelector(`[data-testid="link-row"][data-index="${index}"] [data-testid="link-row-short"]`)?.textContent;

describe('Links view: a keystroke\'s work', () => {
  it('takes the rest of a search\'s first window without drawing the list again while none of its rows is on screen', async () => {
    wrapper = await mountApp({ pinia, router }, '/links');
    await untilDom(() => rowShort(0) === 's/a1');
    vi.useFakeTimers();
    const input = document.querySelector<HTMLInputElement>('[data-testid="links-search"]')!;
    input.value = 'x';
    input.dispatchEvent(new Event('input'));
    await flushPromises();
    // Its first rows drawn and painted (happy-dom's frames run on the fake clock).
    await vi.advanceTimersByTimeAsync(20);
    const rest = () => listCalls().filter((c) => c.q === 'x' && c.offset === FIRST_ROWS && c.limit === PAGE_SIZE - FIRST_ROWS);
    expect(rest()).toEqual([]);
    const list = wrapper.findComponent(LinksList);
    const drawn = list.vm.$.subTree;
    // The pause passes: the rest is read and lands, rows 50–199, all below the ~18 rows drawn.
    await vi.advanceTimersByTimeAsync(REST_DELAY_MS + 20);
    await flushPromises();
    expect(rest()).toHaveLength(1);
    expect(list.vm.$.subTree).toBe(drawn);
    vi.useRealTimers();
    // It is there for the rows that are drawn later: a scroll to row 60 reads nothing again.
    const asked = listCalls().length;
    scroller().scrollTop = 60 * 48;
    scroller().dispatchEvent(new Event('scroll'));
    await untilDom(() => rowShort(60) === 's/a61');
    expect(listCalls()).toHaveLength(asked);
  });
});
