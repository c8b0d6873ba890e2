// The connection to the service: where the token lives (the SecretStore, never SQLite), the
// client built from it (kept while address, header style and token stay the same), and the
// settings commands that change them. A token goes only to the address it was stored for.
import { HOUR_CYCLE_PREFERENCES, WEEK_START_PREFERENCES } from '@preload/words/clock';
import { keychainOutOfReach } from '@preload/words/cli';
import { COMMAND_ERRORS } from '@preload/words/errors';
import type { Kysely } from 'kysely';
import type { AuthHeaderStyle, SettingsView, Theme } from '@preload/bridge';
import type { AnswerWatch } from '../../api/answer-watch';
import {
  ServiceClient,
  validateBaseUrl,
  validateToken,
  withoutApiSuffix,
  type ServiceWorkspace,
} from '../../api/client';
import { ServiceError } from '../../api/errors';
import type { Wire } from '../../api/wire';
import type { Logger, SecretStore } from '../../ports';
import { BASE_URL_ENV_VAR, TOKEN_ENV_VAR } from '../../secrets/environment-store';
import { KeychainError } from '../../secrets/keytar-store';
import { keychainUnavailableMessage, withoutKeychain } from '../../secrets/open-secret-store';
import type { Database } from '../../store/schema';
import {
  clearConnection,
  getConnection,
  getPostSort,
  getSetting,
  setConnection,
  setSetting,
} from '../../store/settings-repository';
import { upsertWorkspaces } from '../../store/workspace-repository';
import { CommandError } from '../command-error';
import type { Redactor } from './file-logger';

/**
 * The address the user last connected with a token they typed (null: with the environment's).
 * Not a secret: it keeps `OUTPOST_TOKEN` from standing in for that token in a later session.
 */
const TOKEN_TYPED_FOR = 'tokenTypedFor';

export interface ConnectionOptions {
  secrets: SecretStore;
  secretsMessage: string | null;
  /** Say what to do without a token in the command line's words (OUTPOST_TOKEN), not the window's. */
  commandLine?: boolean;
  redactor: Redactor;
  logger: Logger;
  /** The log file alone: the service's whole error answers go there and nowhere else. */
  fileLog?: Logger;
  wire?: Wire;
  fetch?: typeof fetch;
  requestTimeoutMs?: number;
  now: () => string;
  /** Hears every answer of the clients made here (the sync engine tells a failing service from it). */
  answers?: AnswerWatch;
}

export interface ConnectInput {
  baseUrl: string;
  token: string;
  authHeader: AuthHeaderStyle;
}

export class Connection {
  readonly #o: ConnectionOptions;
  /** The host's store, until a keychain refuses a write; then memory for the session. */
  #secrets: SecretStore;
  #secretsMessage: string | null;
  #client: { key: string; client: ServiceClient } | null = null;

  constructor(
    options: ConnectionOptions,
    readonly db: () => Kysely<Database>,
  ) {
    this.#o = options;
    this.#secrets = options.secrets;
    this.#secretsMessage = options.secretsMessage;
  }

  #newClient(baseUrl: string, token: string, authHeader: AuthHeaderStyle): ServiceClient {
    return new ServiceClient({
      baseUrl,
      token,
      authHeader,
      logErrorAnswer: (message, fields) => this.#o.fileLog?.warn(message, fields),
      ...(this.#o.answers ? { watch: this.#o.answers } : {}),
      ...(this.#o.wire ? { wire: this.#o.wire } : {}),
      ...(this.#o.fetch ? { fetch: this.#o.fetch } : {}),
      ...(this.#o.requestTimeoutMs ? { timeoutMs: this.#o.requestTimeoutMs } : {}),
    });
  }

  /**
   * The workspaces at an address, and the address that answered: one typed with the API's own
   * /api on its end (QA: "no route for GET /api/api/workspaces/") is tried again without it.
   */
  async #workspacesAt(
    baseUrl: string,
    token: string,
    authHeader: AuthHeaderStyle,
  ): Promise<{ baseUrl: string; workspaces: ServiceWorkspace[] }> {
    try {
      return { baseUrl, workspaces: await this.#newClient(baseUrl, token, authHeader).listWorkspaces() };
    } catch (error) {
      const without = withoutApiSuffix(baseUrl);
      if (without === null || !(error instanceof ServiceError) || error.kind !== 'not_found') throw error;
      const workspaces = await this.#newClient(without, token, authHeader).listWorkspaces();
      return { baseUrl: without, workspaces };
    }
  }

  async #token(baseUrl: string): Promise<string | null> {
    const typedFor = await getSetting<string | null>(this.db(), TOKEN_TYPED_FOR, null);
    const token = await this.#secrets.get(baseUrl, { typedForAddress: typedFor === baseUrl });
    if (token) this.#o.redactor.add(token);
    return token;
  }

  #noTokenMessage(baseUrl: string): string {
    // The keychain did not answer this session: the token may well be kept there, out of reach.
    if (this.#secretsMessage !== null && this.#secrets.kind !== 'environment')
      return this.#o.commandLine ? keychainOutOfReach(baseUrl) : COMMAND_ERRORS.keychainOutOfReach;
    if (this.#secrets.kind !== 'environment')
      return 'No access token is stored for this service: enter one in Settings.';
    return `No access token is stored for this service, and ${TOKEN_ENV_VAR} is not sent to it (it goes only to ${BASE_URL_ENV_VAR}, or else to the first address it is used with): enter a token in Settings.`;
  }

  /** The client for the connected service; null when not connected; throws when no token is stored. */
  async client(): Promise<ServiceClient | null> {
    const conn = await getConnection(this.db());
    if (!conn) return null;
    const token = await this.#token(conn.base_url);
    if (!token) throw new CommandError('auth', this.#noTokenMessage(conn.base_url));
    const key = `${conn.base_url}\n${conn.auth_header}\n${token}`;
    if (this.#client?.key !== key)
      this.#client = {
        key,
        client: this.#newClient(
          conn.base_url,
          token,
          conn.auth_header === 'x-api-key' ? 'x-api-key' : 'bearer',
        ),
      };
    return this.#client.client;
  }

  async requireClient(): Promise<ServiceClient> {
    const client = await this.client();
    if (!client) throw new CommandError('invalid_state', COMMAND_ERRORS.notConnected);
    return client;
  }

  async isConnected(): Promise<boolean> {
    return (await getConnection(this.db())) !== undefined;
  }

  async settings(): Promise<SettingsView> {
    const db = this.db();
    const conn = await getConnection(db);
    let token: string | null = null;
    if (conn) token = await this.#token(conn.base_url).catch(() => null);
    const tokenStorage =
      conn && token !== null ? (this.#secrets.kindOf?.(conn.base_url) ?? this.#secrets.kind) : null;
    return {
      baseUrl: conn?.base_url ?? null,
      authHeader: conn?.auth_header === 'x-api-key' ? 'x-api-key' : 'bearer',
      connected: conn !== undefined && token !== null,
      tokenStorage,
      // Where a typed token is kept says nothing about one that comes from the environment.
      keychainMessage: tokenStorage === 'environment' ? null : this.#secretsMessage,
      notifications: await getSetting(db, 'notifications', true),
      theme: await getSetting<Theme>(db, 'theme', 'system'),
      closeToTray: await getSetting(db, 'closeToTray', false),
      currentWorkspace: await getSetting<string | null>(db, 'currentWorkspace', null),
      postSort: await getPostSort(db),
      // A value this version does not know (written by a newer one) reads as the locale's.
      hourCycle: known(HOUR_CYCLE_PREFERENCES, await getSetting(db, 'hourCycle', 'locale')),
      weekStart: known(WEEK_START_PREFERENCES, await getSetting(db, 'weekStart', 'locale')),
    };
  }

  /**
   * Tries an address with a token. Without a typed token, only the connected address is tried
   * with the stored one: a token is never handed to an address it was not stored for.
   */
  async test(p: { baseUrl: string; token?: string; authHeader: AuthHeaderStyle }): Promise<string[]> {
    const baseUrl = validateBaseUrl(p.baseUrl);
    let token = p.token;
    if (token === undefined) {
      const conn = await getConnection(this.db());
      if (conn?.base_url !== baseUrl)
        throw new CommandError('invalid_settings', COMMAND_ERRORS.tokenForOtherAddress);
      token = (await this.#token(baseUrl)) ?? undefined;
      if (!token) throw new CommandError('invalid_settings', COMMAND_ERRORS.tokenNeeded);
    }
    this.#o.redactor.add(token);
    const { workspaces } = await this.#workspacesAt(baseUrl, validateToken(token), p.authHeader);
    return workspaces.map((w) => w.slug);
  }

  /** Checks the token with the service, then keeps it (keychain, or memory when that refuses). */
  async connect(p: ConnectInput): Promise<{ baseUrl: string; workspaces: number }> {
    const token = validateToken(p.token.trim());
    this.#o.redactor.add(token);
    const { baseUrl, workspaces } = await this.#workspacesAt(validateBaseUrl(p.baseUrl), token, p.authHeader);
    const db = this.db();
    const previous = await getConnection(db);
    try {
      await this.#secrets.set(baseUrl, token);
    } catch (error) {
      // A keychain that answered at start can still refuse a write (a locked keyring, a
      // denied prompt): connect anyway, with the token in memory for this session, and say so.
      const why = error instanceof Error ? this.#o.redactor.clean(error.message) : 'unknown error';
      if (!(error instanceof KeychainError))
        throw new CommandError('keychain_unavailable', COMMAND_ERRORS.tokenNotKept(why));
      this.#secretsMessage = keychainUnavailableMessage(`it refused to store the token: ${why}`);
      this.#o.logger.warn(this.#secretsMessage);
      this.#secrets = withoutKeychain(this.#secrets, this.#secretsMessage);
      await this.#secrets.set(baseUrl, token);
    }
    if (previous && previous.base_url !== baseUrl)
      await this.#secrets.delete(previous.base_url).catch(() => undefined);
    const typed = (this.#secrets.kindOf?.(baseUrl) ?? this.#secrets.kind) !== 'environment';
    await setSetting(db, TOKEN_TYPED_FOR, typed ? baseUrl : null);
    await setConnection(db, { baseUrl, authHeader: p.authHeader, now: this.#o.now() });
    await upsertWorkspaces(db, workspaces, this.#o.now());
    this.#client = null;
    return { baseUrl, workspaces: workspaces.length };
  }

  async signOut(): Promise<void> {
    const db = this.db();
    const conn = await getConnection(db);
    if (conn) await this.#secrets.delete(conn.base_url);
    await setSetting(db, TOKEN_TYPED_FOR, null);
    await clearConnection(db);
    this.#client = null;
  }
}

function known<T extends string>(choices: readonly T[], value: unknown): T | 'locale' {
  return choices.includes(value as T) ? (value as T) : 'locale';
}
