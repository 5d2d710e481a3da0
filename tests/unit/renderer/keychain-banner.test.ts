// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import KeychainBanner from '../../../renderer/src/components/KeychainBanner.vue';
import type { KeychainStatus } from '../../../electron/shared/contract.js';

const noService: KeychainStatus = {
  kind: 'memory',
  persistent: false,
  reason: 'No keychain service is running — on Linux, that is GNOME Keyring or KWallet.',
  remedy: 'Install GNOME Keyring (the gnome-keyring package) or KWallet, then restart Linkdeck.',
  details: 'Platform failure: DBus error: set your DBUS_SESSION_BUS_ADDRESS instead',
};

afterEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = '';
});

const mountBanner = (status: KeychainStatus) => mount(KeychainBanner, { props: { status }, attachTo: document.body });

describe('KeychainBanner', () => {
  it('says what is missing, what it means and what to do; the raw error waits behind "Details"', () => {
    const w = mountBanner(noService);
    const banner = w.get('[data-testid="keychain-banner"]');
    expect(banner.text()).toContain('No keychain service is running — on Linux, that is GNOME Keyring or KWallet.');
    expect(w.get('[data-testid="keychain-banner-meaning"]').text()).toMatch(/forgotten when Linkdeck closes/);
    expect(w.get('[data-testid="keychain-banner-remedy"]').text()).toContain('Install GNOME Keyring');
    const details = w.get<HTMLDetailsElement>('[data-testid="keychain-banner-details"]');
    expect(details.element.open).toBe(false);
    expect(details.get('summary').text()).toBe('Details');
    expect(details.text()).toContain('DBUS_SESSION_BUS_ADDRESS');
  });

  it('can be dismissed for the session: it stays away when shown again, until the session ends', async () => {
    const w = mountBanner(noService);
    await w.get('.n-base-close').trigger('click');
    expect(w.find('[data-testid="keychain-banner"]').exists()).toBe(false);
    w.unmount();

    expect(mountBanner(noService).find('[data-testid="keychain-banner"]').exists()).toBe(false);
    sessionStorage.clear();
    expect(mountBanner(noService).find('[data-testid="keychain-banner"]').exists()).toBe(true);
  });

  it('still speaks in words when the backend gave no reason', () => {
    const w = mountBanner({ kind: 'memory', persistent: false });
    expect(w.get('[data-testid="keychain-banner"]').text()).toContain('No keychain is available on this computer.');
    expect(w.find('[data-testid="keychain-banner-details"]').exists()).toBe(false);
  });
});
