/**
 * The saved UTM templates on disk: `utm-templates.json` in the app's data directory. App-wide, not
 * per profile: templates describe the person's campaigns, whichever service the links go to.
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import { cleanTemplate, sortTemplates, templateKey, validateTemplate } from '../../shared/utm-template-rules.js';
import { UTM_TEMPLATES_MAX, type UtmTemplate } from '../../shared/utm.js';

export const UTM_TEMPLATES_FILE = 'utm-templates.json';

export const utmTemplatesPath = (dataDir: string) => join(dataDir, UTM_TEMPLATES_FILE);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the templates. No file: none saved yet. A file that is not JSON or not a version 1
 * templates file (damaged, written by a newer version) gives an empty list so the app starts; it
 * is moved aside rather than overwritten by the next save, and the log says where and why. Single
 * entries that break the rules (edited by hand) are left out and logged; the others are kept.
 */
export async function readUtmTemplates(dataDir: string, log: (message: string) => void): Promise<UtmTemplate[]> {
  const path = utmTemplatesPath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    log(`[utm] ${path} could not be read (${(error as Error).message}); no saved UTM templates are offered.`);
    return [];
  }
  let problem: string;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || parsed['version'] !== 1) problem = 'it is not a version 1 templates file';
    else if (!Array.isArray(parsed['templates'])) problem = 'it has no list of templates';
    else return keepValid(parsed['templates'], path, log);
  } catch (error) {
    problem = `it is not JSON (${(error as Error).message.slice(0, 120)})`;
  }
  const aside = `${path}.unreadable-${Date.now()}`;
  try {
    await rename(path, aside);
    log(`[utm] ${path} was not used: ${problem}. It was moved to ${aside}; the saved UTM templates start empty.`);
  } catch (error) {
    log(`[utm] ${path} was not used: ${problem} (and could not be moved aside: ${(error as Error).message}); the saved UTM templates start empty.`);
  }
  return [];
}

function keepValid(entries: unknown[], path: string, log: (message: string) => void): UtmTemplate[] {
  const kept: UtmTemplate[] = [];
  const dropped: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const name: unknown = isRecord(entry) ? entry['name'] : undefined;
    const params: unknown = isRecord(entry) ? entry['params'] : undefined;
    const label = typeof name === 'string' ? `"${name.slice(0, 60)}"` : `#${index + 1}`;
    if (!isRecord(params) || typeof name !== 'string') {
      dropped.push(`${label}: not a template`);
      continue;
    }
    // Checked against what is kept so far: a duplicate name is a replacement, not a new one.
    const others = kept.filter((t) => templateKey(t.name) !== templateKey(name));
    const issues = validateTemplate(name, params, others);
    if (issues.length > 0) {
      dropped.push(`${label}: ${issues[0]?.message ?? 'invalid'}`);
      continue;
    }
    if (others.length !== kept.length) {
      dropped.push(`${label}: a second template of that name`);
      continue;
    }
    kept.push(cleanTemplate(name, params));
  }
  if (dropped.length > 0) log(`[utm] ${path}: ${dropped.length} saved UTM template(s) left out (${dropped.slice(0, 3).join('; ')}).`);
  return sortTemplates(kept.slice(0, UTM_TEMPLATES_MAX));
}

/**
 * Replaces the file atomically (a temporary file in the same directory, mode 0600, synced, then
 * renamed over the old one): a crash leaves the old list or the new one, never half a file.
 */
export async function writeUtmTemplates(dataDir: string, templates: readonly UtmTemplate[]): Promise<void> {
  // Fields picked one by one: only a template's name and its five parameters reach the disk.
  const content = { version: 1, templates: templates.map((t) => cleanTemplate(t.name, t.params)) };
  await writeFileAtomic(utmTemplatesPath(dataDir), `${JSON.stringify(content, null, 2)}\n`);
}
