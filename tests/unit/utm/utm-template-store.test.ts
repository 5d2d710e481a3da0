import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/backend/app-error.js';
import type { BackendContext } from '../../../electron/backend/backend-context.js';
import { utmHandlers } from '../../../electron/backend/handlers/utm-handlers.js';
import { createUtmTemplateStore } from '../../../electron/backend/utm/template-store.js';
import { UTM_TEMPLATES_FILE } from '../../../electron/backend/utm/templates-file.js';
import { UTM_TEMPLATES_MAX } from '../../../electron/shared/utm.js';

let dir: string;
let lines: string[];
const log = (m: string) => lines.push(m);
const file = () => join(dir, UTM_TEMPLATES_FILE);
const onDisk = () => JSON.parse(readFileSync(file(), 'utf8')) as { version: number; templates: unknown[] };
const store = () => createUtmTemplateStore(dir, log);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-utm-'));
  lines = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The AppError a call rejects with (fails the test when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('saved UTM templates', () => {
  it('start empty, keep what is saved sorted by name, and read it back after a restart', async () => {
    const s = store();
    expect(await s.list()).toEqual([]);
    expect(existsSync(file())).toBe(false);
    await s.save('newsletter', { source: 'newsletter', medium: 'email' });
    const list = await s.save('Ads', { source: 'google', medium: 'cpc', campaign: 'spring' });
    expect(list.map((t) => t.name)).toEqual(['Ads', 'newsletter']);
    expect(onDisk().version).toBe(1);
    if (process.platform !== 'win32') expect(statSync(file()).mode & 0o777).toBe(0o600);
    // No temporary file is left next to it.
    expect(readdirSync(dir)).toEqual([UTM_TEMPLATES_FILE]);
    expect(await store().list()).toEqual([
      { name: 'Ads', params: { source: 'google', medium: 'cpc', campaign: 'spring' } },
      { name: 'newsletter', params: { source: 'newsletter', medium: 'email' } },
    ]);
  });

  it('keeps the name and values trimmed and leaves blank parameters out', async () => {
    const list = await store().save('  Social  ', { source: ' twitter ', medium: '', campaign: '   ', content: 'bio' });
    expect(list).toEqual([{ name: 'Social', params: { source: 'twitter', content: 'bio' } }]);
    expect(onDisk().templates).toEqual([{ name: 'Social', params: { source: 'twitter', content: 'bio' } }]);
  });

  it('replaces a template saved under the same name in another case', async () => {
    const s = store();
    await s.save('Newsletter', { source: 'newsletter', medium: 'email' });
    await s.save('Other', { source: 'x' });
    const list = await s.save('NEWSLETTER', { source: 'mail' });
    expect(list).toEqual([
      { name: 'NEWSLETTER', params: { source: 'mail' } },
      { name: 'Other', params: { source: 'x' } },
    ]);
    expect(await store().list()).toEqual(list);
  });

  it('deletes by name in any case; deleting a name not saved changes nothing', async () => {
    const s = store();
    await s.save('Newsletter', { source: 'newsletter' });
    await s.save('Ads', { source: 'google' });
    expect(await s.remove('newsletter')).toEqual([{ name: 'Ads', params: { source: 'google' } }]);
    expect(await s.remove('gone')).toEqual([{ name: 'Ads', params: { source: 'google' } }]);
    expect(await store().list()).toEqual([{ name: 'Ads', params: { source: 'google' } }]);
  });

  it('refuses a template without a name, with a name too long, without values or with invalid values, and writes nothing', async () => {
    const s = store();
    const noName = await refusal(s.save('   ', { source: 'a' }));
    expect(noName.info.code).toBe('invalid-input');
    expect(noName.info.details).toEqual({ issues: [{ path: ['name'], message: expect.stringContaining('name'), key: 'validation.utm.nameEmpty' }] });

    const long = await refusal(s.save('x'.repeat(61), { source: 'a' }));
    expect(long.info.message).toBe('The name is 61 characters long; keep it to 60.');

    const empty = await refusal(s.save('Empty', { source: ' ', medium: '' }));
    expect(empty.info.message).toContain('at least one UTM parameter');
    expect(empty.info.details).toEqual({ issues: [{ path: ['params'], message: empty.info.message, key: 'validation.utm.noParameter' }] });

    const tooLong = await refusal(s.save('Long', { campaign: 'c'.repeat(201) }));
    expect(tooLong.info.details).toEqual({
      issues: [
        {
          path: ['params', 'campaign'],
          message: 'Campaign (utm_campaign) is 201 characters long; keep it to 200.',
          key: 'validation.utm.valueTooLong',
          params: { label: { key: 'validation.utm.label.campaign' }, n: 201, max: 200 },
        },
      ],
    });

    const lineBreak = await refusal(s.save('Break', { term: 'a\nb' }));
    expect(lineBreak.info.message).toContain('line break');

    expect(await s.list()).toEqual([]);
    expect(existsSync(file())).toBe(false);
  });

  it(`keeps at most ${UTM_TEMPLATES_MAX} templates, but one of them may still be replaced`, async () => {
    const full = Array.from({ length: UTM_TEMPLATES_MAX }, (_, i) => ({ name: `T${String(i).padStart(3, '0')}`, params: { source: `s${i}` } }));
    writeFileSync(file(), JSON.stringify({ version: 1, templates: full }));
    const s = store();
    expect(await s.list()).toHaveLength(UTM_TEMPLATES_MAX);
    const over = await refusal(s.save('One more', { source: 'x' }));
    expect(over.info.message).toBe(`You have ${UTM_TEMPLATES_MAX} templates, the most Linkdeck keeps. Delete one you no longer use first.`);
    const replaced = await s.save('t000', { source: 'new' });
    expect(replaced).toHaveLength(UTM_TEMPLATES_MAX);
    expect(replaced[0]).toEqual({ name: 't000', params: { source: 'new' } });
  });

  it('two saves at once both land (changes run one after the other)', async () => {
    const s = store();
    await Promise.all([s.save('A', { source: 'a' }), s.save('B', { source: 'b' }), s.save('C', { source: 'c' })]);
    expect((await store().list()).map((t) => t.name)).toEqual(['A', 'B', 'C']);
  });

  it('a file that is not JSON gives an empty list, is moved aside and logged, and the next save starts afresh', async () => {
    writeFileSync(file(), '{"version": 1, "templates": [');
    const s = store();
    expect(await s.list()).toEqual([]);
    expect(lines.join('\n')).toMatch(/utm-templates\.json was not used: it is not JSON .* moved to .*unreadable-/);
    const aside = readdirSync(dir).filter((f) => f.startsWith(`${UTM_TEMPLATES_FILE}.unreadable-`));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"version": 1, "templates": [');
    await s.save('Fresh', { source: 'f' });
    expect(onDisk().templates).toEqual([{ name: 'Fresh', params: { source: 'f' } }]);
  });

  it('a file of another version is not used either', async () => {
    writeFileSync(file(), JSON.stringify({ version: 2, templates: [{ name: 'A', params: { source: 'a' } }] }));
    expect(await store().list()).toEqual([]);
    expect(lines.join('\n')).toContain('it is not a version 1 templates file');
  });

  it('leaves out single entries that break the rules (edited by hand) and keeps the others', async () => {
    writeFileSync(
      file(),
      JSON.stringify({
        version: 1,
        templates: [
          { name: 'Good', params: { source: 'g' } },
          { name: '', params: { source: 'x' } },
          { name: 'No values', params: {} },
          'not a template',
          { name: 'good', params: { source: 'duplicate' } },
          { name: 'Bad key', params: { source: 'a', utm_source: 'b' } },
          { name: 'Also good', params: { medium: ' email ' } },
        ],
      }),
    );
    expect(await store().list()).toEqual([
      { name: 'Also good', params: { medium: 'email' } },
      { name: 'Good', params: { source: 'g' } },
    ]);
    expect(lines.join('\n')).toContain('5 saved UTM template(s) left out');
  });

  it('says so in words when the file cannot be written, and keeps the list as it was', async () => {
    // The data "directory" is a file: reading finds nothing usable, writing fails.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, 'x');
    const s = createUtmTemplateStore(blocked, log);
    expect(await s.list()).toEqual([]);
    const error = await refusal(s.save('A', { source: 'a' }));
    expect(error.info).toEqual({ code: 'internal', message: 'The template could not be written to disk. Check that there is free space and try again.', key: 'errors.utm.notWritten' });
    expect(await s.list()).toEqual([]);
    expect(lines.some((l) => l.includes('could not be saved'))).toBe(true);
  });

  it('the handlers answer the channels from the data directory', async () => {
    const context = { dataDir: dir, log } as Partial<BackendContext> as BackendContext;
    const handlers = utmHandlers(context);
    expect(await handlers['utm:templates'](undefined)).toEqual([]);
    expect(await handlers['utm:save-template']({ name: 'Mail', params: { source: 'mail' } })).toEqual([{ name: 'Mail', params: { source: 'mail' } }]);
    expect(await utmHandlers(context)['utm:templates'](undefined)).toEqual([{ name: 'Mail', params: { source: 'mail' } }]);
    expect(await handlers['utm:delete-template']({ name: 'MAIL' })).toEqual([]);
  });
});
