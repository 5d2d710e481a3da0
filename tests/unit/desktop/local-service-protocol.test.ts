import { describe, expect, it } from 'vitest';
import {
  failureError,
  failureMessage,
  parseFromLocalService,
  parseToLocalService,
} from '../../../electron/main/local-service-protocol.js';

describe('messages to the local service process', () => {
  it('accepts a start with a data dir and an optional port, and a close', () => {
    expect(parseToLocalService({ type: 'start', dataDir: '/data' })).toEqual({
      type: 'start',
      dataDir: '/data',
    });
    expect(parseToLocalService({ type: 'start', dataDir: '/data', port: 0 })).toEqual({
      type: 'start',
      dataDir: '/data',
      port: 0,
    });
    expect(parseToLocalService({ type: 'start', dataDir: '/data', port: 65535, extra: 1 })).toEqual(
      { type: 'start', dataDir: '/data', port: 65535 },
    );
    expect(parseToLocalService({ type: 'close' })).toEqual({ type: 'close' });
  });

  it('refuses anything else', () => {
    for (const message of [
      null,
      'start',
      [],
      { type: 'start' },
      { type: 'start', dataDir: '' },
      { type: 'start', dataDir: 7 },
      { type: 'start', dataDir: '/d', port: -1 },
      { type: 'start', dataDir: '/d', port: 65536 },
      { type: 'start', dataDir: '/d', port: 80.5 },
      { type: 'start', dataDir: '/d', port: '80' },
      { type: 'stop' },
    ])
      expect(parseToLocalService(message)).toBeNull();
  });
});

describe('the trusted proxy addresses of a start', () => {
  it('passes a short list of addresses or ranges through, and refuses anything else', () => {
    expect(parseToLocalService({ type: 'start', dataDir: '/data', trustProxy: ['127.0.0.0/8', '::1'] })).toEqual({ type: 'start', dataDir: '/data', trustProxy: ['127.0.0.0/8', '::1'] });
    for (const trustProxy of ['127.0.0.1', [1], ['loopback; rm -rf'], Array.from({ length: 9 }, () => '127.0.0.1')]) {
      expect(parseToLocalService({ type: 'start', dataDir: '/data', trustProxy })).toBeNull();
    }
  });
});

describe('messages from the local service process', () => {
  it('accepts started (with or without a first key), failed and closed', () => {
    expect(parseFromLocalService({ type: 'started', url: 'http://127.0.0.1:1' })).toEqual({
      type: 'started',
      url: 'http://127.0.0.1:1',
    });
    expect(
      parseFromLocalService({ type: 'started', url: 'http://127.0.0.1:1', firstApiKey: 'abc' }),
    ).toEqual({
      type: 'started',
      url: 'http://127.0.0.1:1',
      firstApiKey: 'abc',
    });
    expect(parseFromLocalService({ type: 'failed', message: 'no', code: 'EADDRINUSE' })).toEqual({
      type: 'failed',
      message: 'no',
      code: 'EADDRINUSE',
    });
    expect(parseFromLocalService({ type: 'failed', message: 'no', code: 5 })).toEqual({
      type: 'failed',
      message: 'no',
    });
    expect(parseFromLocalService({ type: 'closed' })).toEqual({ type: 'closed' });
  });

  it('refuses a started without an http URL, a key that is not text, or an unknown type', () => {
    for (const message of [
      { type: 'started' },
      { type: 'started', url: 'file:///etc' },
      { type: 'started', url: 'http://x', firstApiKey: 12 },
      { type: 'failed' },
      { type: 'ready' },
      undefined,
    ])
      expect(parseFromLocalService(message)).toBeNull();
  });
});

describe('a failed start across the process boundary', () => {
  it('keeps the message and the code through structured cloning', () => {
    const original = Object.assign(new Error('listen EADDRINUSE: address already in use'), {
      code: 'EADDRINUSE',
    });
    const sent = structuredClone(failureMessage(original));
    const received = parseFromLocalService(sent);
    expect(received?.type).toBe('failed');
    const error = failureError(received as { message: string; code?: string });
    expect(error.message).toBe(original.message);
    expect((error as { code?: string }).code).toBe('EADDRINUSE');
  });

  it('sends a thrown non-error as its text, without a code', () => {
    expect(failureMessage('disk full')).toEqual({ type: 'failed', message: 'disk full' });
    expect((failureError({ message: 'x' }) as { code?: string }).code).toBeUndefined();
  });
});
