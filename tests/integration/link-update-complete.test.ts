import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openProfileData, type ProfileData } from '../../electron/backend/mirror/index.js';
import { storeLinkDetails } from '../../electron/backend/mirror/link-writes.js';
import { createOutbox, type Outbox } from '../../electron/backend/outbox/index.js';
import { recordConfirmedLinkFields } from '../../electron/backend/outbox/link-fields.js';
import type { ProfileApi } from '../../electron/backend/scheduler/profile-api.js';
import { createConnectivity } from '../../electron/backend/sync/index.js';
import type { LinkInput, LinkUpdateInput } from '../../electron/shared/models.js';
import { startClearingDeployment, type ClearingDeployment, type StoredLink } from '../support/clearing-deployment.js';
import { profileApiFor } from '../unit/sync/support/profile-api.js';

/*
 * Editing one field of a link on a service that clears what an update leaves out (as real
 * 6.x–7.x deployments do) changes that field only — checked on the server's side.
 */

let server: ClearingDeployment;
let dir: string;
let data: ProfileData;
let api: ProfileApi;
let outbox: Outbox;

beforeEach(async () => {
  server = await startClearingDeployment();
  dir = mkdtempSync(join(tmpdir(), 'linkdeck-update-'));
  openOutbox();
});

afterEach(async () => {
  await closeOutbox();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function openOutbox() {
  data = openProfileData(dir, { baseUrl: server.url });
  api = profileApiFor(server.url, 'key', { postAttempts: 1 });
  const connectivity = createConnectivity({
    clock: { now: Date.now, setTimeout: () => 0, clearTimeout: () => {} },
    probe: () => api.account.get(),
  });
  outbox = createOutbox({ mirror: data.mirror, api, connectivity, retryMinMs: 5 });
  outbox.start();
}

async function closeOutbox() {
  await outbox.stop();
  api.close();
  data.close();
}

const EVERYTHING: LinkInput = {
  url: 'https://example.com/page',
  password: 'open-sesame',
  expiry: '2099-01-01 00:00:00',
  campaign: 4,
  type: 'frame',
  geoTarget: [{ location: 'Canada', link: 'https://example.ca' }],
  deviceTarget: [{ device: 'iphone', link: 'https://example.com/ios' }],
  languageTarget: [{ language: 'fr', link: 'https://example.fr' }],
  parameters: [{ name: 'ref', value: 'deck' }],
  pixels: [7],
  deepLink: { apple: 'https://apps.apple.com/app/1', google: 'https://play.google.com/store/apps/details?id=x' },
  metaTitle: 'A title',
  metaDescription: 'A description',
  description: 'A note',
};

/**
 * What the server holds of the link, without the fields the edit changes. Country names come
 * back lower case in the details (the service matches them without regard to case).
 */
const stable = (l: StoredLink) => {
  const { title: _t, metatitle: _m, geotarget, ...rest } = l;
  return { ...rest, geotarget: geotarget.map((g) => ({ ...g, location: g.location.toLowerCase() })) };
};

async function createEverything(): Promise<number> {
  const item = outbox.enqueue({ kind: 'link.create', input: EVERYTHING });
  const { id } = await outbox.settled(item.opId);
  return id!;
}

async function readDetails(id: number) {
  const details = await api.links.get(id, { priority: 'user' });
  data.mirror.write(['links'], () => storeLinkDetails(data.mirror.sql, details, Date.now()));
}

async function edit(id: number, input: LinkUpdateInput) {
  const item = outbox.enqueue({ kind: 'link.update', id, input });
  await outbox.settled(item.opId);
}

describe('an edit on a service that clears what an update leaves out', () => {
  it('changes the one field edited and keeps every other, the write-only ones too', async () => {
    const id = await createEverything();
    const before = structuredClone(server.links.get(id)!);
    expect(before).toMatchObject({ password: 'open-sesame', campaign: 4, type: 'frame', pixels: [7] });
    // The details the app reads back lack the password, campaign, type and pixels.
    await readDetails(id);

    await edit(id, { url: EVERYTHING.url, metaTitle: 'A new title' });

    const after = server.links.get(id)!;
    expect(after.metatitle).toBe('A new title');
    expect(stable(after)).toEqual(stable(before));
    expect(data.mirror.linkDetails(id)?.unknownOnUpdate).toEqual([]);
  });

  it('completes each of two queued edits when it is sent, so the second does not undo the first', async () => {
    const id = await createEverything();
    await readDetails(id);
    await outbox.stop();
    const first = outbox.enqueue({ kind: 'link.update', id, input: { url: EVERYTHING.url, metaTitle: 'First' } });
    const second = outbox.enqueue({ kind: 'link.update', id, input: { url: EVERYTHING.url, expiry: '2098-06-01 12:00:00' } });
    outbox.start();
    await outbox.settled(first.opId);
    await outbox.settled(second.opId);
    expect(server.links.get(id)).toMatchObject({ metatitle: 'First', expiry: '2098-06-01 12:00:00', password: 'open-sesame', pixels: [7] });
  });

  it('remembers what it sent across a restart', async () => {
    const id = await createEverything();
    await readDetails(id);
    await closeOutbox();
    openOutbox();
    await edit(id, { url: EVERYTHING.url, description: 'A new note' });
    expect(server.links.get(id)).toMatchObject({ description: 'A new note', password: 'open-sesame', campaign: 4, type: 'frame', pixels: [7] });
  });

  it('for a link made elsewhere, names what it cannot know, sends no guess for it, and then knows it is cleared', async () => {
    // Made on the service's website: the app never saw its password, campaign, type or pixels.
    const made = await fetch(`${server.url}/api/url/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/web', password: 'web-pass', campaign: 2, type: 'splash', pixels: [1], metatitle: 'Web' }),
    }).then((r) => r.json() as Promise<{ id: number }>);
    await readDetails(made.id);
    expect(data.mirror.linkDetails(made.id)?.unknownOnUpdate).toEqual(['password', 'campaign', 'type', 'pixels']);

    await edit(made.id, { url: 'https://example.com/web', metaDescription: 'Now described' });
    const body = server.updates.at(-1)!;
    for (const field of ['password', 'campaign', 'type', 'pixels']) expect(body).not.toHaveProperty(field);
    expect(body).toMatchObject({ metatitle: 'Web', metadescription: 'Now described' });
    // The service cleared them: that is what the mirror knows now.
    expect(data.mirror.linkDetails(made.id)?.unknownOnUpdate).toEqual([]);
    expect(data.mirror.linkDetails(made.id)?.details).toMatchObject({ passwordProtected: false, pixels: [], redirect: 'direct', campaign: null });
  });

  it('does not send a pixel that was deleted since', async () => {
    const id = await createEverything();
    await readDetails(id);
    // The scripted service has no pixel routes: the mirror takes the confirmed delete as given.
    data.mirror.write(['links'], () => recordConfirmedLinkFields(data.mirror.sql, { kind: 'pixel.delete', id: 7 }, null, Date.now(), (x) => x));
    await edit(id, { url: EVERYTHING.url, metaTitle: 'No pixel now' });
    expect(server.updates.at(-1)).toMatchObject({ pixels: [], password: 'open-sesame' });
  });

  it('keeps a bulk assignment made since: a later edit does not move the link back', async () => {
    const id = await createEverything();
    await readDetails(id);
    await edit(id, { url: EVERYTHING.url, metaTitle: 'Edited first' });
    // Bulk "add to campaign" goes through the campaign's own endpoint (not on this scripted
    // service): the mirror takes the confirmed assignment as given, as the outbox does.
    data.mirror.write(['links'], () => recordConfirmedLinkFields(data.mirror.sql, { kind: 'campaign.assign', campaignId: 9, linkId: id }, null, Date.now(), (x) => x));
    await edit(id, { url: EVERYTHING.url, metaTitle: 'Edited again' });
    expect(server.updates.at(-1)).toMatchObject({ campaign: 9, metatitle: 'Edited again' });
    expect(server.updates.at(-1)).not.toHaveProperty('channel');
  });
});
