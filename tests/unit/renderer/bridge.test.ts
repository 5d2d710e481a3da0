// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, call, onEvent } from '../../../renderer/src/bridge.js';
import { fail, installFakeBridge, ok } from './fake-bridge.js';

afterEach(() => {
  delete window.linkdeck;
});

describe('bridge', () => {
  it('resolves to the value of a success envelope', async () => {
    const fake = installFakeBridge();
    fake.answer('app:info', ok({ name: 'Linkdeck', version: '1.0.0', shell: 'web', platform: 'linux' }));

    await expect(call('app:info')).resolves.toEqual({ name: 'Linkdeck', version: '1.0.0', shell: 'web', platform: 'linux' });
    expect(fake.calls).toEqual([{ channel: 'app:info', arg: undefined }]);
  });

  it('passes the argument of a channel through unchanged', async () => {
    const fake = installFakeBridge();
    fake.answer('profiles:switch', ok({ id: 'a', name: 'A', baseUrl: 'http://x', kind: 'remote' }));

    await call('profiles:switch', { id: 'a' });

    expect(fake.callsTo('profiles:switch')).toEqual([{ id: 'a' }]);
  });

  it('turns an error envelope into a BridgeError with its code, message and details', async () => {
    const fake = installFakeBridge();
    fake.answer('account:get', fail('rate-limited', 'Slow down: try again in 12 s.', { retryAfterMs: 12000 }));

    const error = await call('account:get').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ name: 'BridgeError', code: 'rate-limited', message: 'Slow down: try again in 12 s.', details: { retryAfterMs: 12000 } });
  });

  it('keeps the message of an error envelope with an unknown code, as an internal error', async () => {
    const fake = installFakeBridge();
    fake.answer('account:get', fail('teapot', 'The service is a teapot.'));

    await expect(call('account:get')).rejects.toMatchObject({ code: 'internal', message: 'The service is a teapot.' });
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'ok'],
    ['an object without ok', { value: 1 }],
    ['an error envelope without an error', { ok: false }],
  ])('turns %s into a readable internal error instead of crashing', async (_what, answer) => {
    const fake = installFakeBridge();
    fake.answer('account:get', () => answer);

    const error = await call('account:get').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'internal' });
    expect((error as BridgeError).message).toMatch(/could not read/);
  });

  it('reports a transport that throws as a BridgeError', async () => {
    const fake = installFakeBridge();
    fake.answer('account:get', () => {
      throw new Error('socket hang up');
    });

    await expect(call('account:get')).rejects.toMatchObject({ code: 'internal', message: expect.stringContaining('socket hang up') });
  });

  it('rejects with a BridgeError when the page has no bridge at all', async () => {
    delete window.linkdeck;

    await expect(call('profiles:list')).rejects.toMatchObject({ code: 'internal', message: expect.stringContaining('not connected') });
  });

  it('delivers pushed events and stops after unsubscribing', () => {
    const fake = installFakeBridge();
    const seen: boolean[] = [];
    const off = onEvent('connection:changed', (state) => seen.push(state.online));

    fake.emit('connection:changed', { profileId: 'a', online: false, reason: 'No network' });
    off();
    fake.emit('connection:changed', { profileId: 'a', online: true });

    expect(seen).toEqual([false]);
  });

  it('keeps dispatching when a listener throws, and reports the error', () => {
    const fake = installFakeBridge();
    const reported = vi.fn();
    const later = vi.fn();
    onEvent('budget:changed', () => {
      throw new Error('boom');
    }, reported);
    onEvent('budget:changed', later);

    fake.emit('budget:changed', { profileId: 'a', limit: 30, remaining: 29, resetAt: 0, pausedUntil: null, inFlight: 0, queued: { user: 0, clipboard: 0, view: 0, background: 0 } });

    expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    expect(later).toHaveBeenCalledTimes(1);
  });
});
