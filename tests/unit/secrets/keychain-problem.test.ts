import { describe, expect, it } from 'vitest';
import { explainKeychainFailure } from '../../../electron/backend/secrets/index.js';

// Real messages, as the keychain modules gave them on this project's machines.
const NO_BUS =
  'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead';
const NO_DAEMON = "Couldn't access platform storage: Secret Service: no result found";
const KEYTAR_NO_BUS = 'Cannot autolaunch D-Bus without X11 $DISPLAY';
const NOT_ACTIVATABLE =
  'org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files';

describe('explainKeychainFailure', () => {
  it.each([NO_BUS, NO_DAEMON, KEYTAR_NO_BUS, NOT_ACTIVATABLE])(
    'on Linux, says that no keychain service runs and which ones would do: %s',
    (raw) => {
      const problem = explainKeychainFailure(raw, 'linux');
      expect(problem.reason).toBe('No keychain service is running — on Linux, that is GNOME Keyring or KWallet.');
      expect(problem.remedy).toMatch(/restart Linkdeck\.$/);
    },
  );

  it('tells a locked or declined keychain apart from a missing one', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(explainKeychainFailure('The keyring is locked', platform).reason).toMatch(/refused Linkdeck's request/);
      expect(explainKeychainFailure('User canceled the operation.', platform).remedy).toMatch(/^Unlock your keychain/);
    }
  });

  it('names the platform keychain where the error says nothing more', () => {
    expect(explainKeychainFailure('errSecInternalComponent', 'darwin').reason).toBe('The macOS Keychain could not be used.');
    expect(explainKeychainFailure('Element not found. (os error 1168)', 'win32').reason).toBe(
      'Windows Credential Manager could not be used.',
    );
    expect(explainKeychainFailure('something unheard of', 'linux').reason).toMatch(/^No keychain service is running/);
  });

  it('says when the keychain hung rather than refused', () => {
    expect(explainKeychainFailure('the keychain did not answer within 3 s', 'linux')).toMatchObject({
      reason: 'The keychain did not answer.',
    });
  });
});
