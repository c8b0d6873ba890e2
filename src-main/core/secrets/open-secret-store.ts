// Picks where the access token lives, once, at start-up: the OS keychain, or memory for the
// session when there is none, never a file or the database.
import type { Logger, SecretStore } from '../ports';
import { BASE_URL_ENV_VAR, EnvironmentSecretStore, TOKEN_ENV_VAR } from './environment-store';
import { KEYCHAIN_SERVICE, KeytarSecretStore, type KeytarApi } from './keytar-store';
import { MemorySecretStore } from './memory-store';
import { messageOf } from '../error-message';

export interface OpenSecretStoreOptions {
  /** How long the keychain may take to answer the probe (a Secret Service can hang on D-Bus activation). */
  probeTimeoutMs?: number;
  /** Loads keytar; replaceable so a host can pass its own build. */
  loadKeytar?: () => Promise<KeytarApi>;
}

const PROBE_ACCOUNT = '__outpost_probe__';

async function defaultLoadKeytar(): Promise<KeytarApi> {
  const mod = (await import('keytar')) as KeytarApi & { default?: KeytarApi };
  return mod.default ?? mod;
}

function firstLine(error: unknown): string {
  const text = messageOf(error);
  return (text.split('\n')[0] ?? '').trim().slice(0, 200) || 'no answer';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the keychain did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function keychainUnavailableMessage(why: string): string {
  return `No OS keychain is available (${why}): the token is kept in memory for this session only; drafting goes on.`;
}

/**
 * The OS keychain if it answers a probe, else an in-memory store and a message saying so. With
 * `OUTPOST_TOKEN` in `env`, that token (never persisted) sits over it, bound to one address
 * (`OUTPOST_BASE_URL`, or the first it is used with); tokens typed for other addresses still go
 * to the keychain.
 */
export async function openSecretStore(
  env: NodeJS.ProcessEnv,
  logger: Logger,
  options: OpenSecretStoreOptions = {},
): Promise<{ store: SecretStore; message: string | null }> {
  const opened = await openKeychainOrMemory(logger, options);
  const fromEnv = env[TOKEN_ENV_VAR]?.trim();
  if (!fromEnv) return opened;
  logger.info(`Using the access token from ${TOKEN_ENV_VAR}; it is not stored`);
  const store = new EnvironmentSecretStore(fromEnv, {
    baseUrl: env[BASE_URL_ENV_VAR] ?? null,
    inner: opened.store,
    logger,
  });
  return { store, message: opened.message };
}

async function openKeychainOrMemory(
  logger: Logger,
  options: OpenSecretStoreOptions,
): Promise<{ store: SecretStore; message: string | null }> {
  try {
    const keytar = await (options.loadKeytar ?? defaultLoadKeytar)();
    await withTimeout(keytar.getPassword(KEYCHAIN_SERVICE, PROBE_ACCOUNT), options.probeTimeoutMs ?? 3000);
    return { store: new KeytarSecretStore(keytar), message: null };
  } catch (error) {
    const message = keychainUnavailableMessage(firstLine(error));
    logger.warn(message);
    return { store: new MemorySecretStore(), message };
  }
}

/**
 * What is left when the keychain refuses a write: memory for the session, the environment's token
 * kept. A store that lives with the host keeps that memory there (`why` is what the user is told).
 */
export function withoutKeychain(store: SecretStore, why = ''): SecretStore {
  if (store.withoutKeychain) return store.withoutKeychain(why);
  if (!(store instanceof EnvironmentSecretStore)) return new MemorySecretStore();
  store.replaceInner(new MemorySecretStore());
  return store;
}
