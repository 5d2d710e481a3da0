import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import type { ResourceKey } from './resources.js';
import ResourceListView from './views/ResourceListView.vue';
import AccountView from './views/AccountView.vue';
import SettingsView from './views/SettingsView.vue';

export interface NavEntry {
  name: string;
  path: string;
  label: string;
}

/** The sidebar, in order. Each list section shows one or more read-only resource tables. */
const sections: Array<NavEntry & { resources: ResourceKey[] }> = [
  { name: 'links', path: '/links', label: 'Links', resources: ['links'] },
  { name: 'channels', path: '/channels', label: 'Channels', resources: ['channels'] },
  { name: 'campaigns', path: '/campaigns', label: 'Campaigns', resources: ['campaigns'] },
  { name: 'domains', path: '/domains', label: 'Domains', resources: ['domains'] },
  { name: 'pixels', path: '/pixels', label: 'Pixels', resources: ['pixels'] },
  { name: 'overlays', path: '/overlays', label: 'Overlays & splash', resources: ['overlays', 'splash'] },
];

export const NAV: NavEntry[] = [
  ...sections.map(({ name, path, label }) => ({ name, path, label })),
  { name: 'account', path: '/account', label: 'Account' },
  { name: 'settings', path: '/settings', label: 'Settings' },
];

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/links' },
  ...sections.map(
    ({ name, path, label, resources }): RouteRecordRaw => ({
      name,
      path,
      component: ResourceListView,
      props: { title: label, resources },
      meta: { title: label },
    }),
  ),
  { name: 'account', path: '/account', component: AccountView, meta: { title: 'Account' } },
  { name: 'settings', path: '/settings', component: SettingsView, meta: { title: 'Settings' } },
  { path: '/:pathMatch(.*)*', redirect: '/links' },
];

/** Hash history: the renderer is loaded from file:// in Electron, where paths cannot be routed. */
export function createAppRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
