import type { Logger, SecretStore } from '../ports';

export const TOKEN_ENV_VAR = 'OUTPOST_TOKEN';

/**
 * The token given in `OUTPOST_TOKEN`: used for every account and never written anywhere.
 * set() and delete() change nothing and say so, so a script's token is not copied to disk.
 */
export class EnvironmentSecretStore implements SecretStore {
  readonly kind = 'environment' as const;
  readonly #token: string;
  readonly #logger: Logger;

  constructor(token: string, logger: Logger) {
    this.#token = token;
    this.#logger = logger;
  }

  get(_account: string): Promise<string | null> {
    return Promise.resolve(this.#token);
  }

  set(account: string, _secret: string): Promise<void> {
    this.#logger.info(`${TOKEN_ENV_VAR} is set: the token is taken from the environment and not stored`, {
      account,
    });
    return Promise.resolve();
  }

  delete(account: string): Promise<void> {
    this.#logger.info(`${TOKEN_ENV_VAR} is set: there is no stored token to remove`, { account });
    return Promise.resolve();
  }
}
