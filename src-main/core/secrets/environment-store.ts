import { validateBaseUrl } from '../api/settings-checks';
import type { Logger, SecretStore, TokenLookup } from '../ports';
import { accountOf } from './address';
import { messageOf } from '../error-message';

export const TOKEN_ENV_VAR = 'OUTPOST_TOKEN';
export const BASE_URL_ENV_VAR = 'OUTPOST_BASE_URL';

export interface EnvironmentStoreOptions {
  /** `OUTPOST_BASE_URL`: the one address the token may go to; without it, the first it is used with. */
  baseUrl?: string | null;
  /** Where every other token lives: the keychain, or memory when there is none. */
  inner: SecretStore;
  logger: Logger;
}

/**
 * The token given in `OUTPOST_TOKEN`, bound to one address and never written anywhere: the
 * address in `OUTPOST_BASE_URL` when that is set, else the first address it is used with. Other
 * addresses get only what the store beneath holds for them, and a token typed for an address in
 * this session wins there over the environment's. So a script's token never reaches an address
 * someone connects later, and a typed token is the one sent to the address it was typed for.
 */
export class EnvironmentSecretStore implements SecretStore {
  readonly kind = 'environment' as const;
  readonly #token: string;
  readonly #logger: Logger;
  #inner: SecretStore;
  #boundTo: string | null;
  /** Tokens given for an address in this session, by account. */
  readonly #typed = new Map<string, string>();

  constructor(token: string, options: EnvironmentStoreOptions) {
    this.#token = token;
    this.#logger = options.logger;
    this.#inner = options.inner;
    const named = options.baseUrl?.trim();
    this.#boundTo = named ? this.#namedAddress(named) : null;
  }

  #namedAddress(baseUrl: string): string {
    try {
      return validateBaseUrl(baseUrl);
    } catch {
      // Bound to no address at all: a token is never guessed onto one.
      this.#logger.warn(`${BASE_URL_ENV_VAR} is not a service address: ${TOKEN_ENV_VAR} is not used`);
      return '';
    }
  }

  /** The address the environment's token goes to; null until it is first used. */
  get boundTo(): string | null {
    return this.#boundTo;
  }

  async get(account: string, lookup: TokenLookup = {}): Promise<string | null> {
    const address = accountOf(account);
    const typed = this.#typed.get(address);
    if (typed !== undefined) return typed;
    if (this.#boundTo === address) return this.#token;
    const stored = await this.#inner.get(address);
    if (stored !== null) return stored;
    // A token typed for this address before (and lost with a keychain-less session) is not
    // replaced by the environment's: that could be another service's token.
    if (this.#boundTo !== null || lookup.typedForAddress) return null;
    this.#boundTo = address;
    this.#logger.info(`${TOKEN_ENV_VAR} is used for ${address} only`);
    return this.#token;
  }

  kindOf(account: string): SecretStore['kind'] {
    const address = accountOf(account);
    const typed = this.#typed.get(address);
    if (typed !== undefined) return typed === this.#token ? 'environment' : this.#inner.kind;
    return this.#boundTo === address ? 'environment' : this.#inner.kind;
  }

  async set(account: string, secret: string): Promise<void> {
    const address = accountOf(account);
    if (secret !== this.#token) {
      await this.#inner.set(address, secret);
      this.#typed.set(address, secret);
      return;
    }
    // The environment's own token, given for this address (`outpost connect` without a typed
    // one): kept for the session only, and a token stored before for the address no longer applies.
    this.#boundTo ??= address;
    this.#typed.set(address, secret);
    this.#logger.info(`${TOKEN_ENV_VAR} is set: the token is taken from the environment and not stored`, {
      account: address,
    });
    await this.#inner.delete(address).catch((error: unknown) => {
      this.#logger.warn('the token stored before for this address could not be removed', {
        account: address,
        message: messageOf(error),
      });
    });
  }

  async delete(account: string): Promise<void> {
    const address = accountOf(account);
    this.#typed.delete(address);
    await this.#inner.delete(address);
  }

  /** Puts another store beneath (memory, once the keychain refuses a write); the binding stays. */
  replaceInner(inner: SecretStore): void {
    this.#inner = inner;
  }
}
