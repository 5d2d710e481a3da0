// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import ConnectionIndicator from '../../../renderer/src/components/ConnectionIndicator.vue';
import { setAppLocale } from '../../../renderer/src/i18n/index.js';
import { useConnectionStore } from '../../../renderer/src/stores/connection.js';
import { englishText, msg } from '../../../electron/shared/message-ref.js';
import { mountInLanguage } from '../../support/mount-in-language.js';
import { localProfile, ok } from './fake-bridge.js';

/*
 * Issue 44: why the service cannot be reached (the app frame's offline tag and its tooltip)
 * arrives as a message ref beside English words, and is worded in the window in the person's
 * language of now: German here, French after a switch, with no new state from the backend.
 */
const PORT_TAKEN = msg('errors.localPortTaken', { port: '41000' });
const world = mountInLanguage('de', (fake) => {
  fake.answer('connection:state', ok({ profileId: localProfile.id, online: false, reason: englishText(PORT_TAKEN), reasonRef: PORT_TAKEN }));
});

describe('the connection’s reason in German', () => {
  it('says why in German, the port as given (no thousands separator), and in French after a switch', async () => {
    const store = useConnectionStore(world.pinia);
    await store.load();
    expect(store.reason).toBe('Der lokale Arbeitsbereich wurde nicht gestartet: Port 41000 dieses Computers wird von einem anderen Programm belegt.');
    const w = world.mount(ConnectionIndicator, { props: { online: store.online, reason: store.reason } });
    expect(w.get('[data-testid="connection-indicator"]').attributes('aria-label')).toContain('Port 41000 dieses Computers');
    await setAppLocale('fr');
    // French puts a narrow no-break space before the colon.
    expect(store.reason).toMatch(/^L’espace de travail local n’a pas démarré\s: le port 41000 de cet ordinateur est occupé par un autre programme\.$/);
  });

  it('shows the words it was given when the window does not know the key', async () => {
    world.fake.answer('connection:state', ok({ profileId: localProfile.id, online: false, reason: 'Words from a newer backend.', reasonRef: msg('errors.fromTheFuture') }));
    const store = useConnectionStore(world.pinia);
    await store.load();
    expect(store.reason).toBe('Words from a newer backend.');
  });
});
