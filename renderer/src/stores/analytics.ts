import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { call, onEvent } from '../bridge.js';
import { useBurstDebounce } from '../composables/burst-debounce.js';
import type {
  AnalyticsAudience,
  AnalyticsComparison,
  AnalyticsOverview,
  CompareItem,
  StatsFillState,
} from '../../../electron/shared/analytics.js';
import { COMPARE_MAX } from '../../../electron/shared/analytics.js';
import { useProfilesStore } from './profiles.js';
import { toRange, type RangeChoice } from './analytics-range.js';

type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The Analytics view of the current profile: clicks over time for the chosen range, top links,
 * movers and group totals, the audience with its coverage, a comparison of up to five links,
 * channels or campaigns, and the "fill the gaps" job. All of it is read from the mirror
 * (offline too), the timeline exactly from the local service when it offers one; reloaded when
 * the mirror changes (a sync page, details read by the fill).
 */
export const useAnalyticsStore = defineStore('analytics', () => {
  const profiles = useProfilesStore();
  const choice = ref<RangeChoice>({ preset: '30d' });
  const status = ref<Status>('idle');
  const error = ref<unknown>(null);
  const overview = shallowRef<AnalyticsOverview | null>(null);
  const audience = shallowRef<AnalyticsAudience | null>(null);
  const fill = shallowRef<StatsFillState | null>(null);
  const fillError = ref<unknown>(null);
  const compared = ref<CompareItem[]>([]);
  const comparison = shallowRef<AnalyticsComparison | null>(null);
  const compareError = ref<unknown>(null);
  let generation = 0;

  const compareFull = computed(() => compared.value.length >= COMPARE_MAX);

  async function load(): Promise<void> {
    const mine = ++generation;
    if (status.value !== 'ready') status.value = 'loading';
    try {
      const range = toRange(choice.value, Date.now());
      // The overview first: it brings the click totals up to date, which tells the fill (started
      // by itself without a rate limit) which statistics are stale.
      const o = await call('analytics:overview', range);
      const [a, f] = await Promise.all([call('analytics:audience'), call('analytics:fill-state')]);
      if (mine !== generation) return;
      overview.value = o;
      audience.value = a;
      fill.value = f;
      error.value = null;
      status.value = 'ready';
      await loadComparison(mine);
    } catch (e) {
      if (mine !== generation) return;
      error.value = e;
      status.value = 'error';
    }
  }

  async function loadComparison(mine = generation): Promise<void> {
    if (compared.value.length === 0) {
      comparison.value = null;
      return;
    }
    try {
      const value = await call('analytics:compare', { range: toRange(choice.value, Date.now()), items: compared.value });
      if (mine !== generation) return;
      comparison.value = value;
      compareError.value = null;
    } catch (e) {
      compareError.value = e;
    }
  }

  function choose(next: RangeChoice): void {
    choice.value = next;
    void load();
  }

  const isCompared = (item: CompareItem) => compared.value.some((c) => c.kind === item.kind && c.id === item.id);

  /** Adds or removes one from the comparison (at most five at once). */
  function toggleCompare(item: CompareItem): void {
    if (isCompared(item)) compared.value = compared.value.filter((c) => !(c.kind === item.kind && c.id === item.id));
    else if (!compareFull.value) compared.value = [...compared.value, item];
    void loadComparison();
  }

  async function setFill(run: boolean): Promise<void> {
    try {
      fill.value = await call('analytics:fill', { run });
      fillError.value = null;
    } catch (e) {
      fillError.value = e;
    }
  }

  // A fill or a sync page changes the mirror many times a minute: read it again at most every 2 s.
  const reload = useBurstDebounce(() => void load(), 2_000);
  onEvent('mirror:changed', (payload) => {
    if (status.value === 'idle' || !payload || !Array.isArray(payload.topics) || !payload.topics.includes('links')) return;
    if (profiles.currentId && payload.profileId !== profiles.currentId) return;
    reload(undefined);
  });

  watch(
    () => profiles.currentId,
    (now, before) => {
      if (now === before) return;
      compared.value = [];
      comparison.value = null;
      if (status.value !== 'idle') void load();
    },
  );

  return {
    choice,
    status,
    error,
    overview,
    audience,
    fill,
    fillError,
    compared,
    comparison,
    compareError,
    compareFull,
    load,
    choose,
    isCompared,
    toggleCompare,
    setFill,
  };
});
