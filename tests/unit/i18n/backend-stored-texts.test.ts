// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../electron/backend/api/errors.js';
import { checkUrl } from '../../../electron/backend/health/check-url.js';
import { readHealth, writeResults } from '../../../electron/backend/health/health-store.js';
import { createOutboundPolicy } from '../../../electron/backend/net/outbound-address-policy.js';
import { createOutbound } from '../../../electron/backend/net/outbound-request.js';
import { explainKeychainFailure } from '../../../electron/backend/secrets/keychain-problem.js';
import { MemorySecretStore } from '../../../electron/backend/secrets/memory-secret-store.js';
import { keychainStatus } from '../../../electron/backend/secrets/secret-store.js';
import type { LinkHealth } from '../../../electron/shared/health.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { englishText, isMessageRef, renderMessage } from '../../../electron/shared/message-ref.js';
import KeychainBanner from '../../../renderer/src/components/KeychainBanner.vue';
import { healthHeadline } from '../../../renderer/src/components/health/health-text.js';
import { asProfilesState } from '../../../renderer/src/composables/shape.js';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import OutboxView from '../../../renderer/src/views/OutboxView.vue';
import { installFakeBridge, ok } from '../renderer/fake-bridge.js';
import { link, store, tempProfileData } from '../mirror/support/temp-mirror.js';
import { outboxWorld } from '../outbox/support/outbox-world.js';

/*
 * Issue 44: texts the backend keeps (an outbox change's last error, a link check's problem) and
 * the keychain's explanation are stored or sent as message keys with arguments, so the person
 * reads them in their language; their English stays for logs and the command line (englishText).
 * Rows written by older versions hold plain English and are shown as they are.
 */

const rawKey = /\berrors\.[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)?\b/;
const german = createTranslator('de', SHARED_MESSAGES);
/** Over the boundary (IPC, the web shell): JSON and back. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

let wrapper: VueWrapper | undefined;
beforeEach(() => setAppLocale('de'));
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  delete window.linkdeck;
  setAppLocale('en');
});

describe('an outbox change’s last error', () => {
  const world = outboxWorld();

  /** A channel create refused by a service without channels (its site's 404 page). */
  async function refusedCreate() {
    world.fake.on(
      'channels.create',
      new ApiClientError('remote-error', 'While creating a channel, the service failed with HTTP 404 …', {
        status: 404,
        details: { routeMissing: true, request: 'POST /api/channel/add' },
      }),
    );
    const op = world.outbox.enqueue({ kind: 'channel.create', input: { name: 'Sommer' } });
    world.outbox.start();
    await world.outbox.idle();
    return op;
  }

  async function showOutbox() {
    const fakeBridge = installFakeBridge();
    fakeBridge.answer('connection:state', ok({ profileId: 'p', online: true }));
    fakeBridge.answer('outbox:list', ok(wire(world.outbox.list())));
    setActivePinia(createPinia());
    wrapper = mount(OutboxView, { attachTo: document.body });
    await flushPromises();
    return wrapper.get('[data-testid="outbox-last-error"]').text();
  }

  it('is kept as a key with its English, and the Outbox view says it in German', async () => {
    const op = await refusedCreate();
    const kept = world.outbox.get(op.opId)!.lastError!;
    expect(kept).toMatchObject({ code: 'invalid-input', key: 'errors.outbox.notOfferedTo' });
    // English for logs and the command line's --json, unchanged from before keys.
    expect(kept.message).toBe('This service does not offer creating channels (it answered 404 to POST /api/channel/add). It may be an older version.');
    expect(englishText({ key: kept.key!, params: kept.params! })).toBe(kept.message);

    const shown = await showOutbox();
    expect(shown).toBe('Der Dienst hat sie abgelehnt: Dieser Dienst unterstützt das Erstellen von Kanälen nicht (Antwort auf POST /api/channel/add: 404). Vermutlich ist es eine ältere Version.');
    expect(shown).not.toMatch(rawKey);
  });

  it('says what each change does in German (a summary from an older backend as it came)', async () => {
    await refusedCreate();
    world.outbox.enqueue({ kind: 'channel.assign', channelId: 4, type: 'links', itemId: -2 });
    expect(world.outbox.list().map((i) => i.summary)).toEqual(['Create the channel “Sommer”', 'Add the new link to channel 4']);
    await showOutbox();
    const summaries = wrapper!.findAll('[data-testid="outbox-summary"]').map((w) => w.text());
    expect(summaries).toEqual(['Kanal „Sommer“ erstellen', 'Den neuen Link zu Kanal 4 hinzufügen']);
    expect(wrapper!.text()).not.toMatch(rawKey);
  });

  it('of a row written by an older version (English words, no key) is shown as it was kept', async () => {
    const op = await refusedCreate();
    world.data.sql.run('UPDATE outbox SET last_error = ? WHERE op_id = ?', [JSON.stringify({ code: 'invalid-input', message: 'That alias is already taken.' }), op.opId]);
    expect(world.outbox.get(op.opId)!.lastError).toEqual({ code: 'invalid-input', message: 'That alias is already taken.' });
    expect(await showOutbox()).toBe('Der Dienst hat sie abgelehnt: That alias is already taken.');
  });

  it('a change whose wait is refused carries the key to the one waiting', async () => {
    const op = await refusedCreate();
    const error = await world.outbox.settled(op.opId).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ name: 'AppError', info: { code: 'invalid-input', key: 'errors.outbox.notOfferedTo' } });
  });
});

describe('a link check’s problem', () => {
  let server: Server;
  let base: string;
  let data: ReturnType<typeof tempProfileData>;

  beforeAll(async () => {
    // Redirects to itself for ever: "more than N redirects".
    server = createServer((req, res) => {
      res.writeHead(302, { location: req.url ?? '/' });
      res.end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  beforeEach(() => {
    data = tempProfileData();
  });
  afterEach(() => data.dispose());

  /** Checks `url` for link 1 and reads the stored result back, as the detail view gets it. */
  async function checkAndRead(url: string, allowOwnNetwork: boolean): Promise<LinkHealth> {
    store(data, [link(1, { longUrl: url })]);
    const outbound = createOutbound({ policy: createOutboundPolicy({ allowOwnNetwork }) });
    const check = await checkUrl(url, { timeoutMs: 5_000, maxRedirects: 3, outbound });
    writeResults(data.sql, [{ target: { url, linkIds: [1] }, check, at: Date.now() }]);
    return wire(readHealth(data.sql, 1)!);
  }

  it('is stored as a key: German in the detail, English for everything else, plurals in both', async () => {
    const health = await checkAndRead(`${base}/loop`, true);
    expect(health).toMatchObject({ state: 'broken', status: 302, problem: 'More than 3 redirects.' });
    expect(healthHeadline(health)).toBe('Defekt: Mehr als 3 Weiterleitungen.');
    expect(renderMessage({ key: 'errors.linkCheck.tooManyRedirects', params: { n: 1 } }, german)).toBe('Mehr als 1 Weiterleitung.');
    expect(englishText({ key: 'errors.linkCheck.tooManyRedirects', params: { n: 1 } })).toBe('More than 1 redirect.');
  });

  it('of a refused address names the rule and the setting in German', async () => {
    const health = await checkAndRead(`${base}/ok`, false);
    expect(health.problem).toBe('Not checked — private address (127.0.0.1 is loopback). Links into your own network are checked only with “Also check links to addresses on my own network” on, in Settings.');
    const shown = healthHeadline(health);
    expect(shown).toBe('Nicht geprüft – private Adresse (127.0.0.1 ist eine Loopback-Adresse). Links in Ihr eigenes Netzwerk werden nur geprüft, wenn „Auch Links zu Adressen in meinem eigenen Netzwerk prüfen“ in den Einstellungen eingeschaltet ist.');
    expect(shown).not.toMatch(rawKey);
  });

  it('kept by an older version (English words in the column) is shown as it is', async () => {
    await checkAndRead(`${base}/loop`, true);
    data.sql.run('UPDATE link_health SET problem = ? WHERE link_id = 1', ['No answer within 10 s.']);
    const health = wire(readHealth(data.sql, 1)!);
    expect(health.problemRef).toBeUndefined();
    expect(healthHeadline(health)).toBe('Defekt: No answer within 10 s.');
  });
});

describe('the keychain’s explanation', () => {
  it('reaches the banner as keys: German words, English kept in reason and remedy', () => {
    const problem = explainKeychainFailure('The keyring is locked', 'linux');
    expect(problem.reason).toBe("The keychain refused Linkdeck's request: it is locked, or the request was declined.");
    const status = asProfilesState(wire({ profiles: [], currentId: null, keychain: keychainStatus(new MemorySecretStore({ ...problem, details: 'locked' })) })).keychain;
    expect(isMessageRef(status.reasonRef)).toBe(true);
    wrapper = mount(KeychainBanner, { props: { status }, attachTo: document.body });
    const text = wrapper.get('[data-testid="keychain-banner"]').text();
    expect(text).toContain('Der Schlüsselbund hat die Anfrage von Linkdeck abgelehnt: Er ist gesperrt, oder die Anfrage wurde abgewiesen.');
    expect(wrapper.get('[data-testid="keychain-banner-remedy"]').text()).toContain('Entsperren Sie Ihren Schlüsselbund');
    expect(text).not.toMatch(rawKey);
    expect(text).not.toContain('restart Linkdeck');
  });

  it('from an older backend (words only) is shown as it came', () => {
    wrapper = mount(KeychainBanner, { props: { status: { kind: 'memory', persistent: false, reason: 'No keychain here.' } }, attachTo: document.body });
    expect(wrapper.get('[data-testid="keychain-banner"]').text()).toContain('No keychain here.');
  });
});
