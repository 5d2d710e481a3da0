import { topojson } from 'chartjs-chart-geo';
import type { Feature } from 'chartjs-chart-geo';
import type { Topology, GeometryCollection } from 'topojson-specification';
// Bundled with the app (no network): Natural Earth's countries at 1:110m, ~100 kB.
import atlas from 'world-atlas/countries-110m.json';
import type { CountEntry } from './count-summary.js';

/*
 * The world map's shapes, and which of them a statistics country is. The service names
 * countries in English as ICU does ("United States", "Congo - Kinshasa"); the atlas uses
 * Natural Earth's short names. Names that differ are listed here; the rest match as they are.
 */

export const ATLAS_ALIASES: Record<string, string[]> = {
  'United States of America': ['United States', 'US', 'USA'],
  'W. Sahara': ['Western Sahara'],
  'Dem. Rep. Congo': ['Congo - Kinshasa', 'Democratic Republic of the Congo'],
  Congo: ['Congo - Brazzaville', 'Republic of the Congo'],
  'Dominican Rep.': ['Dominican Republic'],
  'Falkland Is.': ['Falkland Islands'],
  'Fr. S. Antarctic Lands': ['French Southern Territories'],
  "Côte d'Ivoire": ['Côte d’Ivoire', 'Ivory Coast'],
  'Central African Rep.': ['Central African Republic'],
  'Eq. Guinea': ['Equatorial Guinea'],
  eSwatini: ['Eswatini', 'Swaziland'],
  Palestine: ['Palestinian Territories'],
  Myanmar: ['Myanmar (Burma)'],
  Turkey: ['Türkiye'],
  'Solomon Is.': ['Solomon Islands'],
  'Bosnia and Herz.': ['Bosnia & Herzegovina', 'Bosnia and Herzegovina'],
  Macedonia: ['North Macedonia'],
  'Trinidad and Tobago': ['Trinidad & Tobago'],
  'S. Sudan': ['South Sudan'],
};

const norm = (name: string) => name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

type CountryFeature = Feature & { properties: { name: string } };

let cache: CountryFeature[] | null = null;

/** The countries' shapes (decoded once). */
export function worldFeatures(): CountryFeature[] {
  if (!cache) {
    const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    const collection = topojson.feature(topology, topology.objects.countries) as unknown as { features: CountryFeature[] };
    cache = collection.features;
  }
  return cache;
}

/** Each shape's count from the statistics, and the countries no shape stands for (small islands…). */
export function countsByFeature(entries: readonly CountEntry[]): { values: Map<CountryFeature, number>; unmapped: CountEntry[] } {
  const byName = new Map<string, number>();
  for (const [name, n] of entries) byName.set(norm(name), (byName.get(norm(name)) ?? 0) + n);
  const values = new Map<CountryFeature, number>();
  const used = new Set<string>();
  for (const feature of worldFeatures()) {
    const names = [feature.properties.name, ...(ATLAS_ALIASES[feature.properties.name] ?? [])].map(norm);
    const key = names.find((n) => byName.has(n));
    if (key !== undefined) {
      values.set(feature, byName.get(key) ?? 0);
      used.add(key);
    }
  }
  return { values, unmapped: entries.filter(([name]) => !used.has(norm(name))) };
}
