import type { SecretStore } from '../ports';
import { accountOf } from './address';

/** Holds tokens for this process only: the fallback when no OS keychain answers. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const;
  readonly #secrets = new Map<string, string>();

  get(account: string): Promise<string | null> {
    return Promise.resolve(this.#secrets.get(accountOf(account)) ?? null);
  }

  set(account: string, secret: string): Promise<void> {
    this.#secrets.set(accountOf(account), secret);
    return Promise.resolve();
  }

  delete(account: string): Promise<void> {
    this.#secrets.delete(accountOf(account));
    return Promise.resolve();
  }
}
