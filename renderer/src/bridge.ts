/**
 * The renderer's only door to the rest of Linkdeck. `window.linkdeck` answers every call with a
 * result envelope; this module turns it into the value or a {@link BridgeError} whose `code` the
 * UI can act on. Stores call it; components never do.
 *
 * Everything that comes back is treated as untrusted input: a missing bridge, a call that throws
 * or an envelope of the wrong shape becomes a BridgeError too, so a malformed answer is shown to
 * the user as words instead of breaking the page.
 */
import type {
  ChannelArg,
  ChannelName,
  ChannelValue,
  EventName,
  LinkdeckBridge,
  LinkdeckEvents,
} from '../../electron/shared/contract.js';
import { isErrorCode, type AppErrorInfo, type ErrorCode } from '../../electron/shared/errors.js';
import { englishText, isMessageRef, msg, type MessageRef } from '../../electron/shared/message-ref.js';
import { takeEarlyAnswer } from './early-calls.js';

declare global {
  interface Window {
    /** Installed by the Electron preload or by the web shell's bridge script. */
    linkdeck?: LinkdeckBridge;
  }
}

export type BridgeErrorDetails = NonNullable<AppErrorInfo['details']>;

/** A failed call, with the code the backend chose and its words for the user. */
export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  readonly code: ErrorCode;
  readonly details: BridgeErrorDetails | undefined;
  /** The backend's words as a message key and arguments, shown in the person's language (error-text.ts). */
  readonly ref: MessageRef | undefined;

  constructor(code: ErrorCode, message: string, details?: BridgeErrorDetails, ref?: MessageRef) {
    super(message);
    this.code = code;
    this.details = details;
    this.ref = ref;
  }
}

export const isBridgeError = (value: unknown): value is BridgeError => value instanceof BridgeError;

/**
 * The window's own failures (no bridge, an answer it cannot read, no answer at all): keyed, so
 * errorText says them in the person's language; `message` is their English for logs.
 */
const windowError = (ref: MessageRef): BridgeError => new BridgeError('internal', englishText(ref), undefined, ref);
const unreadable = (): BridgeError => windowError(msg('errors.window.unreadable'));

function getBridge(): LinkdeckBridge {
  const bridge = typeof window === 'undefined' ? undefined : window.linkdeck;
  if (!bridge || typeof bridge !== 'object') {
    throw windowError(msg('errors.window.notConnected'));
  }
  return bridge;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the error half of an envelope, keeping whatever is usable from a malformed one. */
function toErrorFromEnvelope(error: unknown): BridgeError {
  if (!isRecord(error)) return unreadable();
  const said = typeof error['message'] === 'string' && error['message'].trim() ? error['message'] : null;
  const code = isErrorCode(error['code']) ? error['code'] : 'internal';
  const details = isRecord(error['details']) ? (error['details'] as BridgeErrorDetails) : undefined;
  const ref = { key: error['key'], ...(error['params'] === undefined ? {} : { params: error['params'] }) };
  // Neither words nor a key: the window says it could not read the answer, in the person's language.
  const keyed = isMessageRef(ref) ? ref : said === null ? msg('errors.window.unreadable') : undefined;
  return new BridgeError(code, said ?? englishText(msg('errors.window.unreadable')), details, keyed);
}

/** Turns an envelope into its value, or throws the BridgeError it carries. */
export function unwrap<T>(envelope: unknown): T {
  if (!isRecord(envelope) || typeof envelope['ok'] !== 'boolean') throw unreadable();
  if (envelope['ok']) return envelope['value'] as T;
  throw toErrorFromEnvelope(envelope['error']);
}

/** The argument list of a channel: none for channels that take no argument. */
export type CallArgs<C extends ChannelName> = ChannelArg<C> extends undefined ? [] : [arg: ChannelArg<C>];

/** Calls one channel of the contract; resolves to its value or rejects with a BridgeError. */
export async function call<C extends ChannelName>(channel: C, ...args: CallArgs<C>): Promise<ChannelValue<C>> {
  const bridge = getBridge();
  const fn = bridge[channel] as unknown;
  if (typeof fn !== 'function') {
    throw windowError(msg('errors.window.unknownChannel', { channel }));
  }
  let envelope: unknown;
  try {
    // The page's first script may have sent this very call already (early-calls.ts).
    envelope = await (takeEarlyAnswer(channel, args[0]) ?? (fn as (arg: unknown) => Promise<unknown>).call(bridge, args[0]));
  } catch (error) {
    // The transport itself failed (the web shell is gone, the IPC channel closed): not the service.
    const reason = error instanceof Error ? error.message : '';
    throw windowError(reason ? msg('errors.window.noAnswerBecause', { reason }) : msg('errors.window.noAnswer'));
  }
  return unwrap<ChannelValue<C>>(envelope);
}

/**
 * Subscribes to a pushed event; returns the unsubscribe function. A listener that throws is
 * reported to `onListenerError` rather than breaking the bridge's dispatch loop.
 */
export function onEvent<E extends EventName>(
  event: E,
  listener: (payload: LinkdeckEvents[E]) => void,
  onListenerError: (error: unknown) => void = reportListenerError,
): () => void {
  let bridge: LinkdeckBridge;
  try {
    bridge = getBridge();
  } catch {
    return () => {};
  }
  if (typeof bridge.on !== 'function') return () => {};
  const off = bridge.on(event, (payload) => {
    try {
      listener(payload);
    } catch (error) {
      onListenerError(error);
    }
  });
  return typeof off === 'function' ? off : () => {};
}

let listenerErrorSink: (error: unknown) => void = () => {};

/** Where errors thrown by event listeners go (the app's notice area, once it is mounted). */
export function setListenerErrorSink(sink: (error: unknown) => void): void {
  listenerErrorSink = sink;
}

function reportListenerError(error: unknown): void {
  listenerErrorSink(error);
}
