// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import BudgetMeter from '../../../renderer/src/components/BudgetMeter.vue';
import { describeBudget, formatSeconds } from '../../../renderer/src/composables/budget-text.js';
import type { BudgetState } from '../../../electron/shared/contract.js';

const NOW = 1_700_000_000_000;
const budget = (over: Partial<BudgetState> = {}): BudgetState => ({
  profileId: 'p',
  limit: 30,
  remaining: 27,
  resetAt: NOW + 42_000,
  pausedUntil: null,
  inFlight: 0,
  queued: { user: 0, clipboard: 0, view: 0, background: 0 },
  ...over,
});

const meter = (b: BudgetState | null, now = NOW) => mount(BudgetMeter, { props: { budget: b, now } });

describe('BudgetMeter', () => {
  it('shows requests left of the limit and when the budget resets', () => {
    const wrapper = meter(budget());

    expect(wrapper.get('[data-testid="budget-text"]').text()).toBe('27 of 30 requests left');
    expect(wrapper.get('[data-testid="budget-detail"]').text()).toBe('· resets in 42 s');
    expect(wrapper.get('[data-testid="budget-meter"]').attributes('aria-label')).toBe('Rate budget: 27 of 30 requests left, resets in 42 s');
  });

  it('counts down as time passes', async () => {
    const wrapper = meter(budget());

    await wrapper.setProps({ now: NOW + 30_500 });

    expect(wrapper.get('[data-testid="budget-detail"]').text()).toBe('· resets in 12 s');
  });

  it('says nothing about a reset when the budget is full', () => {
    const wrapper = meter(budget({ remaining: 30, resetAt: NOW }));

    expect(wrapper.get('[data-testid="budget-text"]').text()).toBe('30 of 30 requests left');
    expect(wrapper.find('[data-testid="budget-detail"]').exists()).toBe(false);
  });

  it('shows the paused state and when it resumes', () => {
    const wrapper = meter(budget({ remaining: 0, pausedUntil: NOW + 75_000 }));

    expect(wrapper.get('[data-testid="budget-meter"]').attributes('data-paused')).toBe('true');
    expect(wrapper.get('[data-testid="budget-text"]').text()).toBe('Paused by the service’s rate limit');
    expect(wrapper.get('[data-testid="budget-detail"]').text()).toBe('· resumes in 1 min 15 s');
  });

  it('is no longer paused once the pause has passed', () => {
    const wrapper = meter(budget({ remaining: 0, pausedUntil: NOW - 1 }));

    expect(wrapper.get('[data-testid="budget-meter"]').attributes('data-paused')).toBe('false');
    expect(wrapper.get('[data-testid="budget-text"]').text()).toBe('0 of 30 requests left');
  });

  it('says there is no rate limit when the budget is too large to matter', () => {
    const wrapper = meter(budget({ limit: 1_000_000, remaining: 999_998 }));

    expect(wrapper.get('[data-testid="budget-text"]').text()).toBe('No rate limit');
    expect(wrapper.find('[data-testid="budget-detail"]').exists()).toBe(false);
  });

  it('fills its bar with the share of requests left, in the theme colour for the state', async () => {
    const wrapper = meter(budget({ remaining: 27 }));
    const fill = () => wrapper.get<HTMLElement>('[data-testid="budget-fill"]').element.style;
    expect(fill().width).toBe('90%');
    const calm = fill().background;

    await wrapper.setProps({ budget: budget({ remaining: 3 }) });
    expect(fill().width).toBe('10%');
    const low = fill().background;

    await wrapper.setProps({ budget: budget({ remaining: 0, pausedUntil: NOW + 5_000 }) });
    expect(fill().width).toBe('0%');
    expect(new Set([calm, low, fill().background]).size).toBe(3);
  });

  it('shows no bar when there is no rate limit', () => {
    expect(meter(budget({ limit: 1_000_000, remaining: 999_998 })).find('[data-testid="budget-fill"]').exists()).toBe(false);
  });

  it('says the budget is not known before the first answer', () => {
    expect(meter(null).get('[data-testid="budget-text"]').text()).toBe('Rate budget not known yet');
  });
});

describe('describeBudget', () => {
  it('clamps a negative remaining count (some servers send one) to zero', () => {
    expect(describeBudget(budget({ remaining: -3 }), NOW)).toMatchObject({ text: '0 of 30 requests left', percent: 0, low: true });
  });

  it('flags a budget that is nearly spent', () => {
    expect(describeBudget(budget({ remaining: 3 }), NOW).low).toBe(true);
    expect(describeBudget(budget({ remaining: 4 }), NOW).low).toBe(false);
  });
});

describe('formatSeconds', () => {
  it('rounds up so a countdown never shows zero while waiting', () => {
    expect(formatSeconds(1)).toBe('1 s');
    expect(formatSeconds(59_001)).toBe('1 min 00 s');
    expect(formatSeconds(125_000)).toBe('2 min 05 s');
  });
});
