import { CHANNELS, isChannel, type ChannelArg, type ChannelName, type ChannelValue, type Result } from '../shared/contract.js';
import type { AppErrorInfo } from '../shared/errors.js';
import { channelSchemas } from '../shared/schemas.js';
import { toAppError } from './app-error.js';
import { issueRef, refusalRef } from './request-issues.js';

/** One handler per channel; handlers may throw, the router turns that into an envelope. */
export type Handlers = { [C in ChannelName]: (arg: ChannelArg<C>) => Promise<ChannelValue<C>> };

export interface Router {
  /**
   * Runs a call from the renderer. Everything about it is untrusted: the channel name is checked
   * against the contract and the argument against its schema before any handler runs. Never
   * throws: every outcome is an envelope.
   */
  dispatch(channel: unknown, arg: unknown): Promise<Result<unknown>>;
  readonly channels: readonly ChannelName[];
}

export function createRouter(handlers: Handlers, log: (message: string) => void = () => {}): Router {
  return {
    channels: CHANNELS,
    async dispatch(channel, arg) {
      if (!isChannel(channel)) return fail({ code: 'invalid-input', message: `Unknown channel ${JSON.stringify(String(channel)).slice(0, 80)}.` });
      // reportInput: the issue tells a missing value from a wrong one (its input never leaves here).
      const parsed = channelSchemas[channel].safeParse(arg, { reportInput: true });
      if (!parsed.success) {
        const issues = parsed.error.issues;
        const ref = refusalRef(issues);
        return fail({
          code: 'invalid-input',
          // English as before, for logs and --json; `key`/`params` are the same in the person's language.
          message: issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
          key: ref.key,
          ...(ref.params ? { params: ref.params } : {}),
          details: { issues: issues.map((i) => ({ path: i.path.map(String), message: i.message, ...issueRef(i) })) },
        });
      }
      try {
        const handler = handlers[channel] as (a: unknown) => Promise<unknown>;
        return { ok: true, value: await handler(parsed.data) };
      } catch (error) {
        const info = toAppError(error);
        // Log the code and message only: details may hold user data, and nothing here may hold a key.
        if (info.code === 'internal') log(`[router] ${channel} failed: ${info.message}`);
        return fail(info);
      }
    },
  };
}

const fail = (error: AppErrorInfo): Result<never> => ({ ok: false, error });
