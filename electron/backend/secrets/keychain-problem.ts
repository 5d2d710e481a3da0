import { englishText, msg, type MessageRef } from '../../shared/message-ref.js';

/**
 * Turns a keychain failure into words for a person: what is missing and what to do. The
 * keychain modules' own messages ("DBus error: Using X11 for dbus-daemon autolaunch was
 * disabled…") stay available as details, but they are not the sentence anyone should have to read.
 * The words are messages (issue 44): the banner shows them in the person's language, `reason`
 * and `remedy` keep their English for logs and older readers.
 */
export interface KeychainProblem {
  /** What is missing, as a headline. */
  reason: string;
  /** What the person can do about it. */
  remedy: string;
  reasonRef: MessageRef;
  remedyRef: MessageRef;
}

const problem = (reasonRef: MessageRef, remedyRef: MessageRef): KeychainProblem => ({
  reason: englishText(reasonRef),
  remedy: englishText(remedyRef),
  reasonRef,
  remedyRef,
});

const linuxNoService = () => problem(msg('errors.keychain.noService'), msg('errors.keychain.noServiceRemedy'));

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
    return problem(msg('errors.keychain.noAnswer'), msg('errors.keychain.noAnswerRemedy'));
  }
  if (/module could not be loaded|does not have the expected/i.test(rawMessage)) {
    return problem(msg('errors.keychain.moduleBroken'), msg('errors.keychain.moduleBrokenRemedy'));
  }
  if (/did not give back what was stored/i.test(rawMessage)) {
    return problem(msg('errors.keychain.notGivenBack'), msg('errors.keychain.notGivenBackRemedy'));
  }
  if (platform === 'linux' && NO_SERVICE_PATTERNS.some((p) => p.test(rawMessage))) {
    return linuxNoService();
  }
  if (REFUSED_PATTERNS.some((p) => p.test(rawMessage))) {
    return problem(msg('errors.keychain.refused'), msg('errors.keychain.refusedRemedy'));
  }
  if (platform === 'darwin') {
    return problem(msg('errors.keychain.macos'), msg('errors.keychain.macosRemedy'));
  }
  if (platform === 'win32') {
    return problem(msg('errors.keychain.windows'), msg('errors.keychain.windowsRemedy'));
  }
  return linuxNoService();
}
