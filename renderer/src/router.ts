import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import type { ResourceKey } from './resources.js';
import { t } from './i18n/index.js';
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
  /** The message of its label (app.nav.*), written out in full here. */
  labelKey: string;
  /** Its label in the current language (read at each use, so it follows a language switch). */
  readonly label: string;
}

const nav = (name: string, path: string, labelKey: string): NavEntry => ({
  name,
  path,
  labelKey,
  get label() {
    return t(labelKey);
  },
});

/** The sidebar, in order. Each list section shows one or more resource tables from the mirror. */
const sections: Array<NavEntry & { resources: ResourceKey[] }> = [
  Object.assign(nav('links', '/links', 'app.nav.links'), { resources: ['links'] as ResourceKey[] }),
  Object.assign(nav('channels', '/channels', 'app.nav.channels'), { resources: ['channels'] as ResourceKey[] }),
  Object.assign(nav('campaigns', '/campaigns', 'app.nav.campaigns'), { resources: ['campaigns'] as ResourceKey[] }),
  Object.assign(nav('domains', '/domains', 'app.nav.domains'), { resources: ['domains'] as ResourceKey[] }),
  Object.assign(nav('pixels', '/pixels', 'app.nav.pixels'), { resources: ['pixels'] as ResourceKey[] }),
  Object.assign(nav('qrs', '/qr-codes', 'app.nav.qrCodes'), { resources: [] as ResourceKey[] }),
  Object.assign(nav('overlays', '/overlays', 'app.nav.overlays'), { resources: ['overlays', 'splash'] as ResourceKey[] }),
];

export const NAV: NavEntry[] = [
  ...sections,
  nav('analytics', '/analytics', 'app.nav.analytics'),
  nav('bulk', '/bulk', 'app.nav.bulk'),
  nav('outbox', '/outbox', 'app.nav.outbox'),
  nav('account', '/account', 'app.nav.account'),
  nav('settings', '/settings', 'app.nav.settings'),
];

/** The route's title (meta.titleKey): the page's heading and the window's title. */
declare module 'vue-router' {
  interface RouteMeta {
    titleKey?: string;
    bare?: boolean;
  }
}

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/links' },
  ...sections.map(
    ({ name, path, labelKey, resources }): RouteRecordRaw => ({
      name,
      path,
      // Links has its own view (search, create, details); so may any section in sectionViews;
      // the rest share the read-only table. Its title is read at each render of the route, so
      // it follows a language switch.
      component: name === 'links' ? LinksView : (sectionViews[name] ?? ResourceListView),
      props: name === 'links' || sectionViews[name] ? {} : () => ({ title: t(labelKey), resources }),
      meta: { titleKey: labelKey },
    }),
  ),
  { name: 'analytics', path: '/analytics', component: AnalyticsView, meta: { titleKey: 'app.nav.analytics' } },
  { name: 'bulk', path: '/bulk', component: BulkView, meta: { titleKey: 'app.nav.bulk' } },
  { name: 'outbox', path: '/outbox', component: OutboxView, meta: { titleKey: 'app.nav.outbox' } },
  { name: 'account', path: '/account', component: AccountView, meta: { titleKey: 'app.nav.account' } },
  { name: 'settings', path: '/settings', component: SettingsView, meta: { titleKey: 'app.nav.settings' } },
  // The quick-shorten window (hotkey, tray, linkdeck://new): not in the sidebar, shown without the frame.
  { name: 'quick', path: '/quick', component: QuickShortenView, meta: { titleKey: 'app.nav.quickShorten', bare: true } },
  { path: '/:pathMatch(.*)*', redirect: '/links' },
];

/** Hash history: the renderer is loaded from file:// in Electron, where paths cannot be routed. */
export function createAppRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
