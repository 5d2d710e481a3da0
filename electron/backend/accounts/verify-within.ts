import { AccountError } from './account-error.js';
import type { VerifiedAccount, VerifyAccount } from './accounts-api.js';
import { verifyFailure } from './verify-failure.js';
import type { Logger } from '../secrets/secret-store.js';

/** Checks a key at a base URL, giving up after `timeoutMs` with an 'offline' error in words. */
export async function verifyWithin(verifyAccount: VerifyAccount, timeoutMs: number, log: Logger, baseUrl: string, apiKey: string): Promise<VerifiedAccount> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const seconds = Math.round(timeoutMs / 1000);
      reject(new AccountError('offline', { key: 'errors.accounts.noAnswerWithin', params: { baseUrl, seconds } }, { baseUrl }));
    }, timeoutMs);
  });
  try {
    return await Promise.race([verifyAccount(baseUrl, apiKey), timeout]);
  } catch (error) {
    const failure = error instanceof AccountError ? error : verifyFailure(error, baseUrl, apiKey);
    log.warn(`Checking the key with ${baseUrl} failed (${failure.code}): ${failure.message}`);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}
