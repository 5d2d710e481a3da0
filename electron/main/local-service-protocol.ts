import { KeyedError, errorRefOf } from '../shared/keyed-error.js';
import { isMessageRef, type MessageRef } from '../shared/message-ref.js';

/**
 * The messages between the main process and the utility process that runs the embedded local
 * service (local-service-process.ts). Pure, so both ends are tested without Electron.
 *
 * The main process sends `start` once, then `close`; the utility process answers `started` or
 * `failed` to the first and `closed` to the second. Messages are structured-cloned, so an
 * error travels as its message and code (accounts.ts retries on another port on EADDRINUSE), and
 * as its message ref when it has one (KeyedError), so the person reads it in their language.
 */

/** The name of the utility process entry: electron.vite.config.ts builds out/main/<name>.js. */
export const LOCAL_SERVICE_ENTRY = 'local-service-process';

export type ToLocalService = { type: 'start'; dataDir: string; port?: number; publicUrl?: string; trustProxy?: string[] } | { type: 'close' };

export type FromLocalService =
  | { type: 'started'; url: string; port?: number; firstApiKey?: string }
  | { type: 'failed'; message: string; code?: string; ref?: MessageRef }
  | { type: 'closed' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPort = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535;

/** A message for the utility process, or null when it is not one (then it is ignored). */
export function parseToLocalService(value: unknown): ToLocalService | null {
  if (!isRecord(value)) return null;
  if (value['type'] === 'close') return { type: 'close' };
  if (value['type'] !== 'start') return null;
  const { dataDir, port, publicUrl, trustProxy } = value;
  if (typeof dataDir !== 'string' || dataDir === '') return null;
  if (port !== undefined && !isPort(port)) return null;
  if (publicUrl !== undefined && (typeof publicUrl !== 'string' || !/^https?:\/\//.test(publicUrl))) return null;
  // Addresses or CIDR ranges (proxy-addr's syntax); a few short ones at most.
  const isTrust = (list: unknown): list is string[] =>
    Array.isArray(list) && list.length <= 8 && list.every((a) => typeof a === 'string' && /^[0-9a-fA-F:./]{2,64}$/.test(a));
  if (trustProxy !== undefined && !isTrust(trustProxy)) return null;
  return {
    type: 'start',
    dataDir,
    ...(port === undefined ? {} : { port }),
    ...(publicUrl === undefined ? {} : { publicUrl }),
    ...(trustProxy === undefined ? {} : { trustProxy: [...(trustProxy as string[])] }),
  };
}

/** A message from the utility process, or null when it is not one. */
export function parseFromLocalService(value: unknown): FromLocalService | null {
  if (!isRecord(value)) return null;
  switch (value['type']) {
    case 'started': {
      const { url, firstApiKey, port } = value;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return null;
      if (firstApiKey !== undefined && typeof firstApiKey !== 'string') return null;
      if (port !== undefined && !isPort(port)) return null;
      return { type: 'started', url, ...(isPort(port) ? { port } : {}), ...(firstApiKey ? { firstApiKey } : {}) };
    }
    case 'failed': {
      const { message, code, ref } = value;
      if (typeof message !== 'string') return null;
      // A ref that is not one is dropped, not the failure: its English message still says it.
      return {
        type: 'failed',
        message,
        ...(typeof code === 'string' ? { code } : {}),
        ...(isMessageRef(ref) ? { ref } : {}),
      };
    }
    case 'closed':
      return { type: 'closed' };
    default:
      return null;
  }
}

/** What a failed start sends: the message and, when it has them, the error's code and ref. */
export function failureMessage(error: unknown): FromLocalService {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const ref = errorRefOf(error);
  return { type: 'failed', message, ...(typeof code === 'string' ? { code } : {}), ...(ref ? { ref } : {}) };
}

/** The error the main process rethrows for a `failed` message, with its code and ref restored. */
export function failureError(message: { message: string; code?: string; ref?: MessageRef }): Error {
  if (message.ref) return new KeyedError(message.ref, message.code);
  const error = new Error(message.message) as Error & { code?: string };
  if (message.code) error.code = message.code;
  return error;
}
