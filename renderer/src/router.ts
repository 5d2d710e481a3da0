import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import type { ResourceKey } from './resources.js';
import LinksView from './views/LinksView.vue';
import { sectionViews } from './section-views.js';

// Links is where the app opens, so it is in the first bundle; every other view loads when first
// visited, which keeps the code parsed at start-up (and the time to the first rows) small.
const ResourceListView = () => import('./views/ResourceListView.vue');
const OutboxView = () => import('./views/OutboxView.vue');
const BulkView = () => import('./views/BulkView.vue');
const AccountView = () => import('./views/AccountView.vue');
const SettingsView = () => import('./views/SettingsView.vue');
const QuickShortenView = () => import('./views/QuickShortenView.vue');
const AnalyticsView = () => import('./views/AnalyticsView.vue');

export interface NavEntry {
  name: string;
  path: string;
  label: string;
}

/** The sidebar, in order. Each list section shows one or more resource tables from the mirror. */
const sections: Array<NavEntry & { resources: ResourceKey[] }> = [
  { name: 'links', path: '/links', label: 'Links', resources: ['links'] },
  { name: 'channels', path: '/channels', label: 'Channels', resources: ['channels'] },
  { name: 'campaigns', path: '/campaigns', label: 'Campaigns', resources: ['campaigns'] },
  { name: 'domains', path: '/domains', label: 'Domains', resources: ['domains'] },
  { name: 'pixels', path: '/pixels', label: 'Pixels', resources: ['pixels'] },
  { name: 'qrs', path: '/qr-codes', label: 'QR codes', resources: [] },
  { name: 'overlays', path: '/overlays', label: 'Overlays & splash', resources: ['overlays', 'splash'] },
];

export const NAV: NavEntry[] = [
  ...sections.map(({ name, path, label }) => ({ name, path, label })),
  { name: 'analytics', path: '/analytics', label: 'Analytics' },
  { name: 'bulk', path: '/bulk', label: 'Bulk shorten' },
  { name: 'outbox', path: '/outbox', label: 'Outbox' },
  { name: 'account', path: '/account', label: 'Account' },
  { name: 'settings', path: '/settings', label: 'Settings' },
];

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/links' },
  ...sections.map(
    ({ name, path, label, resources }): RouteRecordRaw => ({
      name,
      path,
      // Links has its own view (search, create, details); so may any section in sectionViews;
      // the rest share the read-only table.
      component: name === 'links' ? LinksView : (sectionViews[name] ?? ResourceListView),
      props: name === 'links' || sectionViews[name] ? {} : { title: label, resources },
      meta: { title: label },
    }),
  ),
  { name: 'analytics', path: '/analytics', component: AnalyticsView, meta: { title: 'Analytics' } },
  { name: 'bulk', path: '/bulk', component: BulkView, meta: { title: 'Bulk shorten' } },
  { name: 'outbox', path: '/outbox', component: OutboxView, meta: { title: 'Outbox' } },
  { name: 'account', path: '/account', component: AccountView, meta: { title: 'Account' } },
  { name: 'settings', path: '/settings', component: SettingsView, meta: { title: 'Settings' } },
  // The quick-shorten window (hotkey, tray, linkdeck://new): not in the sidebar, shown without the frame.
  { name: 'quick', path: '/quick', component: QuickShortenView, meta: { title: 'Quick shorten', bare: true } },
  { path: '/:pathMatch(.*)*', redirect: '/links' },
];

/** Hash history: the renderer is loaded from file:// in Electron, where paths cannot be routed. */
export function createAppRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
