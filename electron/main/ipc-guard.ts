import { isAppUrl, type AppLocation } from './app-location.js';

/** The parts of Electron's WebFrameMain the guard reads. */
export interface FrameLike {
  readonly url: string;
  readonly processId: number;
  readonly routingId: number;
}

export interface ExpectedSender {
  /** Our window's main frame (null once the window is gone). */
  mainFrame: FrameLike | null;
  location: AppLocation;
}

/**
 * Whether an IPC call comes from our window's main frame while it shows our app. Refuses
 * subframes, other windows, a frame that navigated elsewhere and a frame already destroyed
 * (Electron then reports no sender frame).
 */
export function isTrustedSender(
  senderFrame: FrameLike | null | undefined,
  expected: ExpectedSender,
): boolean {
  const main = expected.mainFrame;
  if (!senderFrame || !main) return false;
  const sameFrame =
    senderFrame === main ||
    (senderFrame.processId === main.processId && senderFrame.routingId === main.routingId);
  return sameFrame && isAppUrl(senderFrame.url, expected.location);
}
