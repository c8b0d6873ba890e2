// The access token stays with the host: the core's thread asks for it over the port each time
// it needs it, and the host answers from its own store (the OS keychain, the environment, or
// memory for the session, which so outlives a restart of the core's thread).
import type { SecretStore, TokenLookup } from '../core/ports';
import { KeychainError, withoutKeychain } from '../core/secrets';
import type { SecretRequest, ToCore } from './messages';
import { messageOf } from '../core/error-message';

/** Where the host keeps tokens, and what the window is told about it (null: the keychain). */
export interface HostSecrets {
  store: SecretStore;
  message: string | null;
}

type SecretAnswer = Extract<ToCore, { kind: 'secretAnswer' }>;
type Kind = SecretStore['kind'];

/** The core's side: a SecretStore whose every read and write is a question to the host. */
export class PortSecretStore implements SecretStore {
  #kind: Kind;
  readonly #kinds = new Map<string, Kind>();
  readonly #waiting = new Map<number, (answer: SecretAnswer) => void>();
  readonly #ask: (request: SecretRequest) => void;
  #nextId = 0;
  /** Set once the keychain refused: the words the host keeps with its memory store. */
  #withoutKeychain: string | undefined;

  constructor(kind: Kind, ask: (request: SecretRequest) => void) {
    this.#kind = kind;
    this.#ask = ask;
  }

  get kind(): Kind {
    return this.#kind;
  }

  /** Where the token last read or written for `account` lives, as the host said with its answer. */
  kindOf(account: string): Kind {
    return this.#kinds.get(account) ?? this.#kind;
  }

  async get(account: string, lookup?: TokenLookup): Promise<string | null> {
    const typed = lookup?.typedForAddress;
    return (await this.#request('get', account, typed === undefined ? {} : { typedForAddress: typed })).value;
  }

  async set(account: string, secret: string): Promise<void> {
    const without = this.#withoutKeychain;
    await this.#request('set', account, {
      secret,
      ...(without === undefined ? {} : { withoutKeychain: without }),
    });
    // Said once: the host's store is memory from then on.
    this.#withoutKeychain = undefined;
  }

  /** The host's store turns to memory with the next `set`, so the token outlives this thread. */
  withoutKeychain(why: string): SecretStore {
    this.#withoutKeychain = why;
    return this;
  }

  async delete(account: string): Promise<void> {
    await this.#request('delete', account, {});
  }

  /** An answer from the host; one nobody waits for (a stale id) is dropped. */
  answered(answer: SecretAnswer): void {
    const waiter = this.#waiting.get(answer.id);
    this.#waiting.delete(answer.id);
    waiter?.(answer);
  }

  #request(
    op: SecretRequest['op'],
    account: string,
    extra: Pick<SecretRequest, 'secret' | 'typedForAddress' | 'withoutKeychain'>,
  ): Promise<SecretAnswer> {
    const id = this.#nextId++;
    return new Promise<SecretAnswer>((resolve, reject) => {
      this.#waiting.set(id, (answer) => {
        this.#kind = answer.storeKind;
        if (answer.accountKind === null) this.#kinds.delete(account);
        else this.#kinds.set(account, answer.accountKind);
        if (answer.ok) return resolve(answer);
        reject(answer.keychain ? new KeychainError(answer.message) : new Error(answer.message));
      });
      this.#ask({ kind: 'secret', id, op, account, ...extra });
    });
  }
}

/** The host's side: one question of the core's thread, answered from the host's own store. */
export async function answerSecretRequest(store: SecretStore, request: SecretRequest): Promise<SecretAnswer> {
  const answer = (ok: boolean, value: string | null, message = '', keychain = false): SecretAnswer => ({
    kind: 'secretAnswer',
    id: request.id,
    ok,
    value,
    storeKind: store.kind,
    accountKind: store.kindOf?.(request.account) ?? store.kind,
    message,
    keychain,
  });
  try {
    if (request.op === 'get') {
      const lookup =
        request.typedForAddress === undefined ? undefined : { typedForAddress: request.typedForAddress };
      return answer(true, await store.get(request.account, lookup));
    }
    if (request.op === 'set') {
      if (request.secret === undefined) return answer(false, null, 'No token was given to keep.');
      await store.set(request.account, request.secret);
    } else await store.delete(request.account);
    return answer(true, null);
  } catch (error) {
    // No store puts the token in its words (keytar-store.ts wraps the keychain's own).
    const message = messageOf(error);
    return answer(false, null, message, error instanceof KeychainError);
  }
}

/**
 * The host's side, across the lives of its core's thread: its store, which may still be on its
 * way when the first thread starts (the keychain's probe), and the words the window shows about
 * it; memory, and words saying so, once the keychain refused a token.
 */
export class HostSecretsKeeper {
  #secrets: HostSecrets | null = null;
  #keychainRefused = false;
  /** Why the store could not be opened, once that is known. */
  failure: string | null = null;
  /** Resolves once the store is known, or known not to open (`begin()` is null then). */
  readonly settled: Promise<void>;

  constructor(secrets: HostSecrets | Promise<HostSecrets>) {
    this.settled = Promise.resolve(secrets).then(
      (known) => {
        this.#secrets = known;
      },
      (error: unknown) => {
        const why = messageOf(error);
        this.failure = `Where tokens are kept could not be opened: ${why}`;
      },
    );
  }

  /** The first message to each thread, on which its core opens; null while (or if) the store is not known. */
  begin(): Extract<ToCore, { kind: 'begin' }> | null {
    const secrets = this.#secrets;
    return secrets && { kind: 'begin', secretsKind: secrets.store.kind, secretsMessage: secrets.message };
  }

  /** Answers a thread's question; null before the store is known (a thread asks only after `begin`). */
  answer(request: SecretRequest): Promise<SecretAnswer> | null {
    let secrets = this.#secrets;
    if (secrets === null) return null;
    if (request.op === 'set' && request.withoutKeychain !== undefined && !this.#keychainRefused) {
      // The keychain refused: the token goes to this host's memory, which a new core's thread
      // finds again, and so do the words the window shows about it.
      this.#keychainRefused = true;
      secrets = { store: withoutKeychain(secrets.store), message: request.withoutKeychain };
      this.#secrets = secrets;
    }
    return answerSecretRequest(secrets.store, request);
  }
}
