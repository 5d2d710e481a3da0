import type { RouteComponent } from 'vue-router';

/**
 * Sections with a view of their own (create, edit, delete, assign); the others show the shared
 * read-only table of their resources from the mirror.
 */
export const sectionViews: Partial<Record<string, () => Promise<RouteComponent>>> = {
  // Loaded when first visited (see router.ts).
  channels: () => import('./views/ChannelsView.vue'),
  campaigns: () => import('./views/CampaignsView.vue'),
  domains: () => import('./views/DomainsView.vue'),
  pixels: () => import('./views/PixelsView.vue'),
  qrs: () => import('./views/QrCodesView.vue'),
};
