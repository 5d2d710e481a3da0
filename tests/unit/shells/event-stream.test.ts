import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../electron/web/event-stream.js';
import { fakeBackend } from './fake-backend.js';

class FakeResponse extends EventEmitter {
  written = '';
  ended = false;
  status = 0;
  writeHead(status: number): this {
    this.status = status;
    return this;
  }
  write(chunk: string): boolean {
    this.written += chunk;
    return true;
  }
  end(): this {
    this.ended = true;
    return this;
  }
}

const asResponse = (r: FakeResponse): ServerResponse => r as unknown as ServerResponse;
const connection = { profileId: 'p', online: false, reason: 'down' };

describe('the SSE event hub', () => {
  it('writes each contract event to every client as an SSE frame', () => {
    const fake = fakeBackend();
    const hub = createEventHub(fake.backend);
    const a = new FakeResponse();
    const b = new FakeResponse();
    hub.attach(asResponse(a), {});
    hub.attach(asResponse(b), {});
    fake.emit('connection:changed', connection);
    for (const client of [a, b])
      expect(client.written).toContain(
        `event: connection:changed\ndata: ${JSON.stringify(connection)}\n\n`,
      );
    hub.close();
  });

  it('forgets a client when its connection closes', () => {
    const fake = fakeBackend();
    const hub = createEventHub(fake.backend);
    const client = new FakeResponse();
    hub.attach(asResponse(client), {});
    expect(hub.clientCount).toBe(1);
    client.emit('close');
    expect(hub.clientCount).toBe(0);
    const before = client.written;
    fake.emit('connection:changed', connection);
    expect(client.written).toBe(before);
    hub.close();
  });

  it('drops names outside the contract', () => {
    const fake = fakeBackend();
    const hub = createEventHub(fake.backend);
    const client = new FakeResponse();
    hub.attach(asResponse(client), {});
    (fake.emit as (event: string, payload: unknown) => void)('secrets:leaked', { key: 'k' });
    expect(client.written).not.toContain('secrets');
    hub.close();
  });

  it('ends every stream and unsubscribes from the backend on close', () => {
    const fake = fakeBackend();
    const hub = createEventHub(fake.backend);
    const client = new FakeResponse();
    hub.attach(asResponse(client), {});
    expect(fake.listenerCount()).toBe(1);
    hub.close();
    expect(client.ended).toBe(true);
    expect(fake.listenerCount()).toBe(0);
  });
});
