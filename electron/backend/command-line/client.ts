import { connect, type Socket } from 'node:net';
import type { Result } from '../../shared/contract.js';
import { KeyedError } from '../../shared/keyed-error.js';
import { msg } from '../../shared/message-ref.js';
import { readToken, type CommandLineAddress } from './address.js';
import { lineReader, type CommandLineAnswer, type Hello } from './protocol.js';

/** Thrown when the owner was closing and ran nothing: connect again (claimDataDir). */
export class RetryElsewhere extends Error {
  readonly retry = true;
  constructor(message = 'Linkdeck was closing; asking again.') {
    super(message);
  }
}

/** A connection to the data folder's owner (door.ts). */
export interface CommandLineClient {
  hello(): Promise<Hello>;
  call(channel: string, arg?: unknown, profile?: string | null): Promise<Result<unknown>>;
  show(view: string): Promise<Result<unknown>>;
  /** Resolves when the owner hangs up (it is closing). */
  readonly closed: Promise<void>;
  close(): void;
}

export async function connectClient(address: CommandLineAddress): Promise<CommandLineClient> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(address.path);
    s.once('connect', () => {
      s.off('error', reject);
      resolve(s);
    });
    s.once('error', reject);
  });
  // Read after connecting: whoever answers has written its token by the time it listens… almost
  // (listen, then write): a stale token is answered `unauthorized`, and hello() says retry.
  const token = readToken(address);
  if (token === null) {
    socket.destroy();
    throw new RetryElsewhere('Linkdeck is starting; asking again.');
  }
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (a: CommandLineAnswer) => void; reject: (e: Error) => void }
  >();
  let hungUp: () => void = () => {};
  const closed = new Promise<void>((resolve) => (hungUp = resolve));
  socket.on(
    'data',
    lineReader(
      (line) => {
        let message: CommandLineAnswer;
        try {
          message = JSON.parse(line) as CommandLineAnswer;
        } catch {
          return;
        }
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        waiter?.resolve(message);
      },
      () => socket.destroy(),
    ),
  );
  socket.on('error', () => socket.destroy());
  // Keyed, so the command says it in the person's language; its English `message` is what
  // door.ts recognises ("stopped before it answered") when a call must be asked again.
  const stoppedBeforeAnswer = () => new KeyedError(msg('errors.commandLine.stoppedBeforeAnswer'));
  socket.on('close', () => {
    for (const waiter of pending.values())
      waiter.reject(stoppedBeforeAnswer());
    pending.clear();
    hungUp();
  });

  const send = (message: Record<string, unknown>): Promise<Result<unknown>> =>
    new Promise<CommandLineAnswer>((resolve, reject) => {
      if (socket.destroyed) return reject(stoppedBeforeAnswer());
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.write(`${JSON.stringify({ ...message, id, token })}\n`);
    }).then((answer) => {
      if ('retry' in answer) throw new RetryElsewhere();
      return answer.result;
    });

  return {
    async hello() {
      const result = await send({ op: 'hello' });
      if (!result.ok)
        throw result.error.code === 'unauthorized'
          ? new RetryElsewhere(result.error.message)
          : new Error(result.error.message);
      return result.value as Hello;
    },
    call: (channel, arg, profile) =>
      send({ op: 'call', channel, arg, ...(profile ? { profile } : {}) }),
    show: (view) => send({ op: 'show', view }),
    closed,
    close: () => socket.end(),
  };
}
