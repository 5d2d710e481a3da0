import type { Component } from 'vue';
import ChannelsView from './views/ChannelsView.vue';
import CampaignsView from './views/CampaignsView.vue';
import DomainsView from './views/DomainsView.vue';
import PixelsView from './views/PixelsView.vue';

/**
 * Sections with a view of their own (create, edit, delete, assign); the others show the shared
 * read-only table of their resources from the mirror.
 */
export const sectionViews: Partial<Record<string, Component>> = {
  channels: ChannelsView,
  campaigns: CampaignsView,
  domains: DomainsView,
  pixels: PixelsView,
};
