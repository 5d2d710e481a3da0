import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountError, createAccounts } from '../../../electron/backend/accounts/index.js';
import { MemorySecretStore } from '../../../electron/backend/secrets/index.js';
import type { StartLocalService } from '../../../electron/backend/accounts/index.js';
import { serveLocalService } from '../../../electron/main/local-service-child.js';
import { childLocalService, type ServiceChild } from '../../../electron/main/local-service-client.js';
import { errorRefOf, KeyedError } from '../../../electron/shared/keyed-error.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { renderMessage, type MessageRef } from '../../../electron/shared/message-ref.js';
import { arrivals } from '../../support/arrivals.js';
import { capturingLogger, fakeVerify, tempDir } from '../accounts/fakes.js';

/*
 * Issue 44: why the local workspace did not start reaches the person inside
 * errors.accounts.localNotStarted; the child process's own failures travel as message refs,
 * so they read in the person's language (German here), not as English built in the shell.
 */
const german = createTranslator('de', SHARED_MESSAGES);
const inGerman = (ref: MessageRef) => renderMessage(ref, german);
const ENGLISH_WORDS = /\b(the|did|not|start|within|process|ended|before|already|once)\b/i;

afterEach(() => vi.useRealTimers());

/** A child that never answers; `exit` simulates the process ending. */
function silentChild() {
  const exits = new Set<(code: number) => void>();
  const child: ServiceChild = {
    onSpawn: (l) => l(),
    postMessage: () => {},
    onMessage: () => {},
    onExit: (l) => void exits.add(l),
    kill: () => {},
  };
  return { child, exit: (code: number) => exits.forEach((l) => l(code)) };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('the local service’s start failures in German', () => {
  it('says the time limit with a real plural, one second and several', async () => {
    vi.useFakeTimers();
    for (const [ms, words] of [
      [1000, 'Sein Dienst ist nicht innerhalb von 1 Sekunde gestartet.'],
      [30_000, 'Sein Dienst ist nicht innerhalb von 30 Sekunden gestartet.'],
    ] as const) {
      const outcome = failure(childLocalService({ fork: () => silentChild().child, log: () => {}, startTimeoutMs: ms })({ dataDir: '/d' }));
      await vi.advanceTimersByTimeAsync(ms);
      const error = await outcome;
      expect(error).toBeInstanceOf(KeyedError);
      expect(inGerman(errorRefOf(error)!)).toBe(words);
    }
  });

  it('says an early end of the process with its exit code as given', async () => {
    const fake = silentChild();
    const outcome = failure(childLocalService({ fork: () => fake.child, log: () => {} })({ dataDir: '/d' }));
    fake.exit(3221225477);
    const ref = errorRefOf(await outcome)!;
    expect(inGerman(ref)).toBe(
      'Der Prozess seines Dienstes wurde beendet (Exit-Code 3221225477), bevor der Dienst gestartet war.',
    );
  });

  it('carries a second start’s refusal through the process boundary as a ref', async () => {
    // The child side for real, its answers structured-cloned as Electron's port does.
    const answers = arrivals();
    const toChild = new Set<(m: unknown) => void>();
    const never: StartLocalService = () => new Promise(() => {});
    serveLocalService(
      { onMessage: (l) => void toChild.add(l), postMessage: (m) => answers.push(structuredClone(m)) },
      never,
      () => {},
    );
    const send = (m: unknown) => toChild.forEach((l) => l(structuredClone(m)));
    send({ type: 'start', dataDir: '/d' });
    send({ type: 'start', dataDir: '/d' });
    await answers.until((a) => a.length >= 1);
    const answer = answers.items[0] as { type: string; ref?: MessageRef; message: string };
    expect(answer.type).toBe('failed');
    expect(answer.message).toBe('This process of the local service had already been started once.');
    expect(inGerman(answer.ref!)).toBe('Dieser Prozess des lokalen Dienstes wurde bereits einmal gestartet.');
  });

  it('reaches the person as the reason why the local workspace did not start', async () => {
    const dir = tempDir();
    const fake = silentChild();
    let forked: () => void = () => {};
    const wasForked = new Promise<void>((resolve) => (forked = resolve));
    const accounts = await createAccounts({
      dataDir: dir.path,
      secrets: new MemorySecretStore(),
      verifyAccount: fakeVerify({}).verify,
      startLocalService: childLocalService({
        fork: () => {
          forked();
          return fake.child;
        },
        log: () => {},
      }),
      log: capturingLogger(),
    });
    try {
      const outcome = failure(accounts.useLocalWorkspace());
      // The start is under way once the fork happened; its process then dies.
      await wasForked;
      fake.exit(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(AccountError);
      const words = inGerman((error as AccountError).ref!);
      expect(words).toBe(
        'Der lokale Arbeitsbereich konnte nicht starten: Der Prozess seines Dienstes wurde beendet (Exit-Code 1), bevor der Dienst gestartet war.',
      );
      expect(words).not.toMatch(ENGLISH_WORDS);
      // The English message stays for logs and --json.
      expect((error as AccountError).message).toMatch(/ended \(exit code 1\) before the service started/);
    } finally {
      await accounts.close();
      dir.cleanup();
    }
  });
});
