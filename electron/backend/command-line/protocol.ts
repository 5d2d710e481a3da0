import type { Result } from '../../shared/contract.js';

/**
 * The `linkdeck` command's conversation with the app: one JSON object per line, both ways, over
 * the data folder's local socket (address.ts). Answers carry the request's id and may come out
 * of order (calls run concurrently, as the renderer's do).
 */
export type CommandLineRequest =
  | { id: number; token: string; op: 'hello' }
  /** A router channel, on the current profile or on `profile` (an id). */
  | { id: number; token: string; op: 'call'; channel: string; arg?: unknown; profile?: string }
  /** Brings the app's window forward on a view (the Electron app; the web shell cannot). */
  | { id: number; token: string; op: 'show'; view: string };

export type Owner = 'app' | 'cli';

export type CommandLineAnswer =
  | { id: number; result: Result<unknown> }
  /** The owner is closing: nothing was run; connect again (the next owner will answer). */
  | { id: number; retry: true };

export interface Hello {
  owner: Owner;
  pid: number;
  version: string;
}

/** A line longer than this is refused (a bulk import of 10,000 rows is ~3 MB of JSON). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** Splits a byte stream into lines; calls `onLine` per line and `onTooLong` if one grows past the limit. */
export function lineReader(
  onLine: (line: string) => void,
  onTooLong: () => void,
): (chunk: Buffer) => void {
  let buffered = '';
  return (chunk) => {
    buffered += chunk.toString('utf8');
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== '') onLine(line);
      newline = buffered.indexOf('\n');
    }
    if (buffered.length > MAX_LINE_BYTES) {
      buffered = '';
      onTooLong();
    }
  };
}

export function parseRequest(line: string): CommandLineRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (typeof r['id'] !== 'number' || typeof r['token'] !== 'string') return null;
  if (r['op'] === 'hello') return { id: r['id'], token: r['token'], op: 'hello' };
  if (r['op'] === 'show' && typeof r['view'] === 'string')
    return { id: r['id'], token: r['token'], op: 'show', view: r['view'] };
  if (r['op'] === 'call' && typeof r['channel'] === 'string') {
    const profile = typeof r['profile'] === 'string' ? { profile: r['profile'] } : {};
    return {
      id: r['id'],
      token: r['token'],
      op: 'call',
      channel: r['channel'],
      arg: r['arg'],
      ...profile,
    };
  }
  return null;
}
