import { msg } from '../../shared/message-ref.js';
import type { Account, AccountUpdate, Confirmation } from '../../shared/models.js';
import { ApiClientError } from './errors.js';
import { parseAnswer } from './schema-kit.js';
import { account, confirmation } from './shapes.js';
import type { CallOptions, Transport } from './transport.js';

export interface AccountApi {
  get(options?: CallOptions): Promise<Account>;
  /** Changes the e-mail address and/or the password. */
  update(input: AccountUpdate, options?: CallOptions): Promise<Confirmation>;
}

export function createAccountApi(t: Transport): AccountApi {
  return {
    async get(options) {
      const what = msg('errors.doing.readAccount');
      return parseAnswer(
        account,
        await t.request({ method: 'GET', path: '/api/account', what }, options),
        what,
      );
    },
    async update(input, options) {
      const what = msg('errors.doing.updateAccount');
      const body: Record<string, string> = {};
      if (input.email !== undefined) body['email'] = input.email;
      if (input.password !== undefined) body['password'] = input.password;
      if (Object.keys(body).length === 0)
        throw new ApiClientError('invalid-input', msg('errors.api.accountNothingToChange'));
      return parseAnswer(
        confirmation,
        await t.request({ method: 'PUT', path: '/api/account/update', body, what }, options),
        what,
      );
    },
  };
}
