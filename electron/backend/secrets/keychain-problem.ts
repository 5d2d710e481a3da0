/**
 * Turns a keychain failure into words for a person: what is missing and what to do. The
 * keychain modules' own messages ("DBus error: Using X11 for dbus-daemon autolaunch was
 * disabled…") stay available as details, but they are not the sentence anyone should have to read.
 */
export interface KeychainProblem {
  /** What is missing, as a headline. */
  reason: string;
  /** What the person can do about it. */
  remedy: string;
}

const RESTART = 'then restart Linkdeck.';

const LINUX_NO_SERVICE: KeychainProblem = {
  reason: 'No keychain service is running — on Linux, that is GNOME Keyring or KWallet.',
  remedy:
    'Install GNOME Keyring (the gnome-keyring package) or KWallet; on most desktops it starts when you sign in. ' +
    `Sign out and in again, ${RESTART}`,
};

// The shapes of "there is no Secret Service on this bus" (or no bus at all), as libdbus,
// zbus and libsecret word them.
const NO_SERVICE_PATTERNS = [
  /dbus_session_bus_address/i,
  /autolaunch/i,
  /serviceunknown/i,
  /not provided by any \.service files/i,
  /org\.freedesktop\.secrets/i,
  /secret service/i,
  /failed to (connect|open)/i,
  /no such file or directory/i,
  /connection refused/i,
];
const REFUSED_PATTERNS = [/locked/i, /dismissed/i, /cancel+ed/i, /access ?denied/i, /not allowed/i, /denied/i];

export function explainKeychainFailure(
  rawMessage: string,
  platform: NodeJS.Platform = process.platform,
): KeychainProblem {
  if (/did not answer within/i.test(rawMessage)) {
    return {
      reason: 'The keychain did not answer.',
      remedy: `It may be locked and waiting for its password. Unlock it (or sign in to your desktop again), ${RESTART}`,
    };
  }
  if (/module could not be loaded|does not have the expected/i.test(rawMessage)) {
    return {
      reason: "Linkdeck's keychain module does not work on this system.",
      remedy: 'Reinstall Linkdeck. If this stays, report it with the details below.',
    };
  }
  if (/did not give back what was stored/i.test(rawMessage)) {
    return {
      reason: 'The keychain did not give back a key Linkdeck stored in it.',
      remedy: `Check that your keychain is unlocked and not full, ${RESTART}`,
    };
  }
  if (platform === 'linux' && NO_SERVICE_PATTERNS.some((p) => p.test(rawMessage))) {
    return LINUX_NO_SERVICE;
  }
  if (REFUSED_PATTERNS.some((p) => p.test(rawMessage))) {
    return {
      reason: "The keychain refused Linkdeck's request: it is locked, or the request was declined.",
      remedy: `Unlock your keychain and allow Linkdeck when it asks, ${RESTART}`,
    };
  }
  if (platform === 'darwin') {
    return { reason: 'The macOS Keychain could not be used.', remedy: `Open Keychain Access and check that your login keychain is unlocked, ${RESTART}` };
  }
  if (platform === 'win32') {
    return { reason: 'Windows Credential Manager could not be used.', remedy: `Check that Credential Manager works for your account (Control Panel → Credential Manager), ${RESTART}` };
  }
  return LINUX_NO_SERVICE;
}
