import { describe, expect, it, vi } from 'vitest';
import { buildBridge, type BridgeTransport } from '../../../electron/preload/build-bridge.js';
import { CHANNELS, EVENTS } from '../../../electron/shared/contract.js';

function fakeTransport() {
  let push: (name: unknown, payload: unknown) => void = () => {};
  const invoke = vi.fn(async (channel: string, arg: unknown) => ({
    ok: true,
    value: { channel, arg },
  }));
  const transport: BridgeTransport = { invoke, onEvent: (handler) => void (push = handler) };
  return { transport, invoke, push: (name: unknown, payload: unknown) => push(name, payload) };
}

describe('the preload bridge (window.linkdeck)', () => {
  it('has exactly one function per contract channel, plus on', () => {
    const bridge = buildBridge(fakeTransport().transport);
    expect(Object.keys(bridge).sort()).toEqual([...CHANNELS, 'on'].sort());
    for (const key of Object.keys(bridge))
      expect(typeof (bridge as unknown as Record<string, unknown>)[key]).toBe('function');
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('sends each call on its own channel with its argument', async () => {
    const { transport, invoke } = fakeTransport();
    const bridge = buildBridge(transport);
    await expect(bridge['links:get']({ id: 7 })).resolves.toEqual({
      ok: true,
      value: { channel: 'links:get', arg: { id: 7 } },
    });
    expect(invoke).toHaveBeenCalledWith('links:get', { id: 7 });
  });

  it('answers an envelope when IPC rejects the call', async () => {
    const { transport, invoke } = fakeTransport();
    invoke.mockRejectedValueOnce(new Error('An object could not be cloned.'));
    const result = await buildBridge(transport)['links:create']({ url: 'https://example.com' });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('delivers contract events to their listeners only, until unsubscribed', () => {
    const { transport, push } = fakeTransport();
    const bridge = buildBridge(transport);
    const budget = vi.fn();
    const profiles = vi.fn();
    const off = bridge.on('budget:changed', budget);
    bridge.on('profiles:changed', profiles);
    push('budget:changed', { remaining: 3 });
    expect(budget).toHaveBeenCalledExactlyOnceWith({ remaining: 3 });
    expect(profiles).not.toHaveBeenCalled();
    off();
    push('budget:changed', { remaining: 2 });
    expect(budget).toHaveBeenCalledTimes(1);
    expect(EVENTS).toContain('budget:changed');
  });

  it('ignores events outside the contract and refuses to subscribe to them', () => {
    const { transport, push } = fakeTransport();
    const bridge = buildBridge(transport);
    const listener = vi.fn();
    const off = (bridge.on as (event: string, listener: (payload: unknown) => void) => () => void)(
      'secrets:leaked',
      listener,
    );
    push('secrets:leaked', { key: 'x' });
    expect(listener).not.toHaveBeenCalled();
    expect(off).toBeTypeOf('function');
  });

  it('keeps delivering to other listeners when one throws', () => {
    const { transport, push } = fakeTransport();
    const bridge = buildBridge(transport);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = vi.fn();
    bridge.on('connection:changed', () => {
      throw new Error('view bug');
    });
    bridge.on('connection:changed', good);
    push('connection:changed', { online: false });
    expect(good).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});
