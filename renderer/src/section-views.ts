import type { Component } from 'vue';

/**
 * Sections with a view of their own (create, edit, delete, assign); the others show the shared
 * read-only table of their resources from the mirror.
 */
export const sectionViews: Partial<Record<string, Component>> = {};
