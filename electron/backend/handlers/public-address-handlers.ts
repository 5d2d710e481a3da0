import type { ProfileSummary } from '../../shared/contract.js';
import { KeyedError } from '../../shared/keyed-error.js';
import { parsePublicAddress, type PublicAddressCheck } from '../../shared/local-reach.js';
import { msg } from '../../shared/message-ref.js';
import { invalidInput } from '../accounts/account-error.js';
import type { Accounts } from '../accounts/index.js';
import { portOf } from '../accounts/local-port.js';
import { checkPublicAddress, VERIFY_PATH } from '../accounts/public-address-check.js';
import { createOutboundPolicy } from '../net/outbound-address-policy.js';
import { createOutbound, type Outbound } from '../net/outbound-request.js';
import type { ProfileSessions } from '../profile-sessions.js';
import type { Handlers } from '../router.js';
import { profileSummary } from './profile-handlers.js';

type PublicAddressHandlers = Pick<Handlers, 'profiles:restart-local' | 'profiles:check-public-url' | 'profiles:set-public-url'>;

export interface PublicAddressOptions {
  /**
   * The connector for the address check. By default the outbound rules with the user's own
   * network permitted, for this check only: a public address pointing back at this computer (a
   * port forward, a LAN name, a tunnel) is exactly what is being proved, and the request carries
   * nothing but a one-time token the workspace itself issued. Literal loopback addresses never
   * get here (parsePublicAddress refuses them); cloud metadata addresses stay refused.
   */
  outbound?: Outbound;
  /** The address check's limit (10 s by default). */
  timeoutMs?: number;
}

export function publicAddressHandlers(accounts: Accounts, sessions: ProfileSessions, options: PublicAddressOptions = {}): PublicAddressHandlers {
  const outbound = options.outbound ?? createOutbound({ policy: createOutboundPolicy({ allowOwnNetwork: true }) });
  const summary = (p: Parameters<typeof profileSummary>[1]): Promise<ProfileSummary> => profileSummary(accounts, p);

  const local = () => {
    const profile = accounts.list().find((p) => p.kind === 'local');
    if (!profile) throw invalidInput({ key: 'errors.accounts.noLocalWorkspace' }, 'address');
    return profile;
  };

  /**
   * A token from the workspace's own service, asked over loopback with its key. Its failures are
   * keyed: they are said inside validation.addressCheck.noToken, in the person's language.
   */
  const issueToken = async (): Promise<string> => {
    const profile = local();
    const key = await accounts.keyFor(profile.id);
    if (!key) throw new KeyedError(msg('validation.addressCheck.tokenNoKey'));
    const response = await fetch(`${profile.baseUrl}${VERIFY_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(5_000),
    });
    const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
    // The status as a string: a number argument would be grouped in some languages.
    if (!response.ok || typeof body?.token !== 'string')
      throw new KeyedError(msg('validation.addressCheck.tokenStatus', { status: String(response.status) }));
    return body.token;
  };

  const check = (address: string): Promise<PublicAddressCheck> =>
    checkPublicAddress({
      address,
      issueToken,
      outbound,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(portOf(local().baseUrl) ? { workspacePort: portOf(local().baseUrl) as number } : {}),
    });

  const parse = (text: string): string => {
    const parsed = parsePublicAddress(text);
    if (!parsed.ok) throw invalidInput(parsed.ref ?? parsed.message, 'address');
    return parsed.value;
  };

  return {
    'profiles:restart-local': async ({ move }) => {
      const profile = await accounts.restartLocalWorkspace(move);
      // A fresh session: the old one learnt "offline" while the port was taken. And the same port
      // again changes no profile, so no change event would say it is back online.
      await sessions.close(profile.id);
      await sessions.refresh();
      return summary(profile);
    },
    'profiles:check-public-url': async ({ address }) => {
      local();
      return check(parse(address));
    },
    'profiles:set-public-url': async ({ address, trustProxy }) => {
      local();
      const parsed = address === null || address.trim() === '' ? null : parse(address);
      // Checked before saving; saved either way (the user asked for it), marked as found.
      const result = parsed ? await check(parsed) : null;
      const { profile, previousShortBase } = await accounts.setPublicUrl(parsed, result?.verified === true, trustProxy);
      sessions.rebaseShortUrls(profile, previousShortBase, profile.publicUrl ?? profile.baseUrl);
      return { profile: await summary(profile), check: result };
    },
  };
}
