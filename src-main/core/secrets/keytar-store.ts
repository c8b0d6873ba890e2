import type { SecretStore } from '../ports';
import { accountOf } from './address';

export const KEYCHAIN_SERVICE = 'Outpost';

/** The part of keytar's API Outpost uses; passed in so the native module loads only once probed. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** A keychain failure after start-up (e.g. a locked collection); the message never holds the secret. */
export class KeychainError extends Error {
  override readonly name = 'KeychainError';
  readonly code = 'keychain_unavailable' as const;
}

function wrap(action: string, error: unknown): KeychainError {
  const why = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  return new KeychainError(`The OS keychain could not ${action} the token (${why.slice(0, 200)}).`);
}

/** The OS keychain (Keychain, Credential Vault, Secret Service): service "Outpost", account = base URL. */
export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly #keytar: KeytarApi;
  readonly #service: string;

  constructor(keytar: KeytarApi, service: string = KEYCHAIN_SERVICE) {
    this.#keytar = keytar;
    this.#service = service;
  }

  async get(account: string): Promise<string | null> {
    try {
      return await this.#keytar.getPassword(this.#service, accountOf(account));
    } catch (error) {
      throw wrap('read', error);
    }
  }

  async set(account: string, secret: string): Promise<void> {
    try {
      await this.#keytar.setPassword(this.#service, accountOf(account), secret);
    } catch (error) {
      throw wrap('store', error);
    }
  }

  async delete(account: string): Promise<void> {
    try {
      await this.#keytar.deletePassword(this.#service, accountOf(account));
    } catch (error) {
      throw wrap('remove', error);
    }
  }
}
