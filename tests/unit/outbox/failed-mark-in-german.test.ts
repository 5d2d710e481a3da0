import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { msg } from '../../../electron/shared/message-ref.js';
import { linkBadges } from '../../../renderer/src/components/links-list/link-badges.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import { link, store } from '../mirror/support/temp-mirror.js';
import { outboxWorld } from './support/outbox-world.js';

/*
 * The mark a refused change leaves on its link in the mirror (issue 44): a refusal with a message
 * key is kept as the key, so the Links list's tooltip reads in the person's language, while the
 * command line and exports still read English; a mark written before is shown as stored.
 */

const world = outboxWorld();
afterEach(() => setAppLocale('en'));

const failedTitle = (id: number) => linkBadges(world.data.mirror.link(id)!, Date.now()).find((b) => b.kind === 'failed')?.title;

describe('the failed mark in the Links list', () => {
  it('a keyed refusal: English for the command line, German in the row tooltip', async () => {
    store(world.data, [link(9, { title: 'Old' })]);
    const tooLong = msg('errors.request.tooLong', { field: msg('errors.request.field', { path: 'url' }), max: 4096 });
    world.fake.on('links.update', new ApiClientError('invalid-input', tooLong));
    world.outbox.enqueue({ kind: 'link.update', id: 9, input: { url: 'https://example.com/long' } });
    world.outbox.start();
    await world.outbox.idle();
    expect(world.data.mirror.link(9)).toMatchObject({ failed: 'The field “url” is too long: it may have at most 4,096 characters.', failedRef: tooLong });
    setAppLocale('de');
    expect(failedTitle(9)).toBe('Das Feld „url“ ist zu lang: Erlaubt sind höchstens 4.096 Zeichen.');
  });

  it("the service's own words and a mark from an older version are shown as stored", async () => {
    store(world.data, [link(9), link(10)]);
    world.fake.on('links.update', new ApiClientError('invalid-input', 'The URL is not valid.'));
    world.outbox.enqueue({ kind: 'link.update', id: 9, input: { url: 'nope' } });
    world.outbox.start();
    await world.outbox.idle();
    world.data.sql.run('UPDATE links SET failed = ? WHERE id = ?', ['Refused by an older Linkdeck.', 10]);
    setAppLocale('de');
    expect(world.data.mirror.link(9)).not.toHaveProperty('failedRef');
    expect(failedTitle(9)).toBe('The URL is not valid.');
    expect(failedTitle(10)).toBe('Refused by an older Linkdeck.');
  });
});
