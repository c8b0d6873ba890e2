// The `outpost` command: the same core, data folder and keychain as the desktop app, driven
// from a shell or a script. Every command goes through AppCore.invoke, so the CLI can do
// nothing the window cannot, and drafting commands never touch the network.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type {
  CommandName,
  CommandPayload,
  CommandResult,
  AccountChoice,
  PostDetail,
  PostSummary,
  SettingsView,
  SyncStatus,
  VariantView,
} from '../src-preload/bridge';
import { version } from '../package.json';
import { inlineField, platformField, printer, terminalText, type Printer } from './cli-output';
import { syncProblems } from './cli-sync';
import { Redactor } from './core/app/logger';
import type { AppCore, Logger } from './core/ports';
import { resolveDataDir } from './core/paths';
import { accountOf, openSecretStore } from './core/secrets';

export const EXIT_OK = 0;
/** The command ran but something failed (a sync with failures, an error from the core or service). */
export const EXIT_FAILED = 1;
/** The command line itself was wrong. */
export const EXIT_USAGE = 2;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input, or null when it is a terminal (never blocks on a person). */
  readStdin: () => Promise<string | null>;
  env: NodeJS.ProcessEnv;
}

export interface CoreRequest {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  logger: Logger;
}

/** Opens the core; the default builds the real one (createAppCore with the OS keychain). */
export type CoreOpener = (request: CoreRequest) => Promise<{ core: AppCore; keychainMessage: string | null }>;

export const HELP = `Usage: outpost [--data-dir DIR] [--json] <command> [options]

Drafts live in a local database and sync to the Content Publishing Service.
Ids printed and accepted are Outpost's local ids.

Commands:
  connect --base-url URL [--auth-header bearer|x-api-key]
                      Connect to the service. The token is read from standard input,
                      or else from OUTPOST_TOKEN (used and never stored; it goes only to
                      OUTPOST_BASE_URL when that is set, else to the address it connects).
  status              Connection, pending operations, failures, conflicts, last sync.
  sync [--wait S]     One full push, pull and reconcile; operations waiting on a retry within
                      S seconds (default 60) are retried before it returns. Exits 0 only if
                      every workspace was read, nothing failed and nothing is left waiting (a
                      conflict or a decision included); each part that was not is named on
                      standard error (and under "problems" with --json).
  workspaces          The workspaces you can use.
  profiles --workspace SLUG
                      The workspace's posting accounts.
  posts [--workspace SLUG]
                      Posts (all spaces when no workspace is given; "local" = not yet assigned).
  variants --post ID  A post's variants.
  draft --title T [--workspace SLUG]
                      Create a post; prints its local id. Without --workspace it goes to the
                      current workspace, or the local space when there is none.
  variant --post ID --platform P --content C [--profile ID | --no-profile]
                      Add a variant; prints its local id. No flag: the platform's default account.
  edit --variant ID --content C
  schedule --variant ID (--at ISO-8601 | --clear)
  publish --variant ID
  conflicts           Items changed both here and on the service.
  resolve (--variant ID | --post ID) (--mine | --theirs)
                      Settle a conflict: a variant's fields, or a post's title.
  log [--limit N]     The sync engine's decisions, newest first.
  outbox              Operations waiting to be sent, failed ones, and those waiting for you,
                      each with what it takes now (retry, discard, adopt...).
  outbox retry ID     Send a failed operation again (one of unknown outcome is read back first).
  outbox discard ID   Drop a failed change; the item shows what the service holds again.
  outbox adopt ID (SERVER_ID | none)
                      A create whose answer was lost while look-alikes appeared: name the
                      service's item that is Outpost's, or none (it is created anew).
  move --workspace SLUG [--post ID]
                      Assign local drafts (all of them, or one post) to a workspace.

Global options:
  --data-dir DIR      Data folder (also OUTPOST_DATA_DIR; default: the desktop app's).
  --json              Print exactly one JSON document on standard output.
  --verbose           Log the core's activity on standard error.
  -h, --help          This help.
`;

const OPTIONS = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  'auth-header': { type: 'string' },
  workspace: { type: 'string' },
  post: { type: 'string' },
  variant: { type: 'string' },
  title: { type: 'string' },
  platform: { type: 'string' },
  content: { type: 'string' },
  profile: { type: 'string' },
  'no-profile': { type: 'boolean' },
  at: { type: 'string' },
  clear: { type: 'boolean' },
  mine: { type: 'boolean' },
  theirs: { type: 'boolean' },
  limit: { type: 'string' },
  wait: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

type OptionName = keyof typeof OPTIONS;
type Values = { [K in OptionName]?: (typeof OPTIONS)[K]['type'] extends 'string' ? string : boolean };

const GLOBAL: OptionName[] = ['data-dir', 'json', 'verbose', 'help'];

/** Which options each command takes (beyond the global ones). */
const COMMANDS: Record<string, OptionName[]> = {
  connect: ['base-url', 'auth-header'],
  status: [],
  sync: ['wait'],
  workspaces: [],
  profiles: ['workspace'],
  posts: ['workspace'],
  variants: ['post'],
  draft: ['title', 'workspace'],
  variant: ['post', 'platform', 'content', 'profile', 'no-profile'],
  edit: ['variant', 'content'],
  schedule: ['variant', 'at', 'clear'],
  publish: ['variant'],
  conflicts: [],
  resolve: ['variant', 'post', 'mine', 'theirs'],
  log: ['limit'],
  outbox: [],
  move: ['workspace', 'post'],
};

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface ParsedCommand {
  command: string | null;
  values: Values;
  /** Words after the command (only `outbox` takes any: its action and the op's id). */
  args: string[];
}

/** `outbox`'s actions and how many words each takes after it. */
const OUTBOX_ACTIONS: Record<string, number> = { retry: 1, discard: 1, adopt: 2 };

/** Parses the command line; throws UsageError with a one-line reason. */
export function parseCommandLine(argv: string[]): ParsedCommand {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0] : String(error));
  }
  const values = parsed.values as Values;
  const [command, ...extra] = parsed.positionals;
  if (command === undefined) return { command: null, values, args: [] };
  const allowed = COMMANDS[command];
  if (!allowed) throw new UsageError(`Unknown command '${command}'. Run 'outpost --help' for the list.`);
  if (command === 'outbox' && extra.length > 0) {
    const [action = '', ...rest] = extra;
    const wanted = OUTBOX_ACTIONS[action];
    if (wanted === undefined)
      throw new UsageError(`Unknown outbox action '${action}': use retry, discard or adopt.`);
    if (rest.length !== wanted)
      throw new UsageError(
        action === 'adopt'
          ? "'outbox adopt' needs an operation id and a service id (or none)."
          : `'outbox ${action}' needs an operation id.`,
      );
  } else if (extra.length > 0) throw new UsageError(`Unexpected argument '${extra[0]}' after '${command}'.`);
  for (const name of Object.keys(values) as OptionName[]) {
    if (!GLOBAL.includes(name) && !allowed.includes(name)) {
      throw new UsageError(`'${command}' does not take --${name}.`);
    }
  }
  const need = (name: OptionName): void => {
    const value = values[name];
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
      throw new UsageError(`'${command}' needs --${name}.`);
    }
  };
  const oneOf = (a: OptionName, b: OptionName, required: boolean): void => {
    if (values[a] !== undefined && values[b] !== undefined) {
      throw new UsageError(`'${command}' takes --${a} or --${b}, not both.`);
    }
    if (required && values[a] === undefined && values[b] === undefined) {
      throw new UsageError(`'${command}' needs --${a} or --${b}.`);
    }
  };
  if (values.help) return { command, values, args: extra };
  switch (command) {
    case 'connect':
      need('base-url');
      if (values['auth-header'] !== undefined && !['bearer', 'x-api-key'].includes(values['auth-header'])) {
        throw new UsageError("--auth-header must be 'bearer' or 'x-api-key'.");
      }
      break;
    case 'profiles':
      need('workspace');
      break;
    case 'variants':
      need('post');
      break;
    case 'draft':
      need('title');
      break;
    case 'variant':
      need('post');
      need('platform');
      if (values.content === undefined) throw new UsageError("'variant' needs --content.");
      oneOf('profile', 'no-profile', false);
      break;
    case 'edit':
      need('variant');
      if (values.content === undefined) throw new UsageError("'edit' needs --content.");
      break;
    case 'schedule':
      need('variant');
      oneOf('at', 'clear', true);
      break;
    case 'publish':
      need('variant');
      break;
    case 'move':
      need('workspace');
      break;
    case 'resolve':
      oneOf('variant', 'post', true);
      oneOf('mine', 'theirs', true);
      break;
    case 'sync':
      if (values.wait !== undefined && !/^\d+$/.test(values.wait)) {
        throw new UsageError('--wait must be a whole number of seconds.');
      }
      break;
    case 'log':
      if (values.limit !== undefined && !/^\d+$/.test(values.limit)) {
        throw new UsageError('--limit must be a whole number.');
      }
      break;
  }
  return { command, values, args: extra };
}

// ---------------------------------------------------------------------------------------
// Running commands

/** A core answer that was an error: carries the bridge's code for --json output. */
class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Outcome {
  /** What --json prints. */
  json: unknown;
  /** What a person sees. */
  text: string;
  /** Lines for standard error, whether or not --json is given: what went wrong, part by part. */
  problems?: string[];
  exitCode?: number;
}

/** An option parseCommand already required: a missing one here is a bug, said as a usage error. */
function given(value: string | undefined, name: string): string {
  if (value === undefined) throw new UsageError(`--${name} is needed.`);
  return value;
}

async function call<C extends CommandName>(
  core: AppCore,
  command: C,
  payload: CommandPayload<C>,
): Promise<CommandResult<C>> {
  const result = await core.invoke(command, payload);
  if (!result.ok) throw new CommandFailed(result.error.code, result.error.message);
  return result.value;
}

/** Runs of spaces and line breaks as one space; any other control stays, for the printer to show. */
function oneLine(text: string): string {
  return text.replace(/(?:\r?\n|[ \t])+/g, ' ').trim();
}

function cell(text: string | null | undefined, max = 60): string {
  const flat = oneLine(text ?? '');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function table(rows: string[][]): string {
  return rows.map((row) => row.map(inlineField).join('\t')).join('\n');
}

function accountText(account: AccountChoice): string {
  if (account.kind === 'default') return 'default account';
  if (account.kind === 'none') return 'no account';
  return `profile ${account.profileId}`;
}

function statusText(settings: SettingsView, status: SyncStatus): string {
  const lines = [
    `Connection: ${settings.baseUrl ? `${settings.baseUrl} (${settings.connected ? 'connected' : 'not connected'})` : 'not connected'}`,
    `Token: ${settings.tokenStorage ?? 'none'}`,
    `Sync: ${status.phase}${status.online ? '' : ' (offline)'}`,
    `Pending: ${status.pending}`,
    `Failed: ${status.failed}`,
    `Conflicts: ${status.conflicts}`,
    `Needs attention: ${status.needsAttention}`,
    `Last sync: ${status.lastSyncAt ?? 'never'}`,
  ];
  if (status.lastError) lines.push(`Last error: ${oneLine(status.lastError)}`);
  if (settings.keychainMessage) lines.push(settings.keychainMessage);
  return lines.join('\n');
}

function variantRow(v: VariantView): string[] {
  return [
    v.id,
    platformField(v.platform),
    v.stateText,
    accountText(v.account),
    v.scheduledAt ?? '-',
    v.platformPostUrl ?? '-',
    cell(v.error ? `${v.content} [${v.error}]` : v.content),
  ];
}

function variantLine(v: VariantView): string {
  const parts = [`${v.id}`, platformField(v.platform), inlineField(v.stateText)];
  if (v.scheduledAt) parts.push(`at ${v.scheduledAt}`);
  if (v.platformPostUrl) parts.push(inlineField(v.platformPostUrl));
  if (v.error) parts.push(`error: ${oneLine(v.error)}`);
  return parts.join('  ');
}

/** Every space a post can live in: the local space and each known workspace. */
async function allPosts(core: AppCore): Promise<PostSummary[]> {
  const spaces = await call(core, 'workspaces.list', undefined);
  const slugs = new Set<string | null>([null, ...spaces.map((s) => s.slug)]);
  const posts: PostSummary[] = [];
  for (const slug of slugs) posts.push(...(await call(core, 'posts.list', { workspace: slug })));
  return posts;
}

const DEFAULT_SYNC_WAIT_S = 60;
const STUCK_PHASES: SyncStatus['phase'][] = ['needs_token', 'not_connected', 'paused'];

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/**
 * One sync, then more while operations wait on a retry time that falls within `waitMs`: a
 * script running `outpost sync` expects the outbox to be sent, and a retry after a dropped
 * connection is seconds away. Stops as soon as waiting cannot help: nothing left, a state only
 * the user can lift (token, pause), or operations held for a decision (conflicts).
 */
async function syncUntilSettled(
  core: AppCore,
  waitMs: number,
): Promise<{ status: SyncStatus; rounds: number }> {
  const deadline = Date.now() + waitMs;
  let rounds = 0;
  let idleRetryMs = 500;
  let previousPending = Number.POSITIVE_INFINITY;
  for (;;) {
    const status = await call(core, 'sync.now', undefined);
    rounds += 1;
    if (status.pending === 0 || STUCK_PHASES.includes(status.phase)) return { status, rounds };
    const ops = await call(core, 'outbox.list', undefined);
    const times = ops
      .filter((op) => (op.state === 'pending' || op.state === 'unknown') && op.nextAttemptAt !== null)
      .map((op) => Date.parse(op.nextAttemptAt ?? ''))
      .filter((t) => Number.isFinite(t));
    let next: number;
    if (times.length > 0) {
      next = Math.min(...times);
    } else if (status.phase === 'offline' || status.pending < previousPending) {
      // No retry time given, but the service may come back or the last round moved things on.
      next = Date.now() + idleRetryMs;
      idleRetryMs = Math.min(idleRetryMs * 2, 8000);
    } else {
      return { status, rounds };
    }
    previousPending = status.pending;
    if (next > deadline) return { status, rounds };
    await sleep(Math.max(100, next - Date.now()));
  }
}

/** `connect`'s token: typed on standard input, else OUTPOST_TOKEN (for OUTPOST_BASE_URL only, when set). */
async function readToken(io: CliIo, baseUrl: string, redactor: Redactor): Promise<string> {
  const typed = (await io.readStdin())?.trim();
  if (typed) {
    redactor.add(typed);
    return typed;
  }
  const fromEnv = io.env.OUTPOST_TOKEN?.trim();
  const named = io.env.OUTPOST_BASE_URL?.trim();
  if (fromEnv && named && accountOf(named) !== accountOf(baseUrl))
    throw new UsageError(
      `OUTPOST_TOKEN is for OUTPOST_BASE_URL (${named}), not ${baseUrl}: give this address's token on standard input.`,
    );
  if (fromEnv) return fromEnv;
  throw new UsageError(
    "'connect' needs the access token on standard input (outpost connect --base-url URL < token-file) or in OUTPOST_TOKEN.",
  );
}

async function run(
  core: AppCore,
  command: string,
  v: Values,
  args: string[],
  io: CliIo,
  redactor: Redactor,
): Promise<Outcome> {
  switch (command) {
    case 'connect': {
      const token = await readToken(io, v['base-url'] ?? '', redactor);
      const authHeader = (v['auth-header'] ?? 'bearer') as 'bearer' | 'x-api-key';
      const input = { baseUrl: v['base-url'] ?? '', token, authHeader };
      // GET /api/workspaces/ with the token before anything is saved.
      const test = await call(core, 'settings.testConnection', input);
      if (!test.ok) throw new CommandFailed(test.error.code, test.error.message);
      const settings = await call(core, 'settings.connect', input);
      const notes: string[] = [];
      if (settings.tokenStorage === 'memory') {
        notes.push(
          `No OS keychain: the token was kept for this command only. For the next commands, set OUTPOST_TOKEN and OUTPOST_BASE_URL=${settings.baseUrl ?? input.baseUrl}.`,
        );
      }
      if (settings.tokenStorage === 'environment')
        notes.push('The token comes from OUTPOST_TOKEN and was not stored.');
      return {
        json: { settings, workspaces: test.workspaces },
        text: [
          `Connected to ${settings.baseUrl ?? input.baseUrl}. Workspaces: ${test.workspaces.map(inlineField).join(', ') || '(none)'}`,
          ...notes,
        ].join('\n'),
      };
    }
    case 'status': {
      const settings = await call(core, 'settings.get', undefined);
      const status = await call(core, 'sync.status', undefined);
      return { json: { settings, status }, text: statusText(settings, status) };
    }
    case 'sync': {
      const settings = await call(core, 'settings.get', undefined);
      if (!settings.baseUrl) {
        throw new CommandFailed(
          'invalid_settings',
          "Not connected: run 'outpost connect --base-url URL' first.",
        );
      }
      const waitMs = (v.wait === undefined ? DEFAULT_SYNC_WAIT_S : Number(v.wait)) * 1000;
      const { status, rounds } = await syncUntilSettled(core, waitMs);
      // A conflict or a decision waits for the user as much as a failure does, and a workspace
      // not read is a part not synced: a script must not read any of them as done.
      const problems = syncProblems(status);
      const ok = problems.length === 0;
      const text = [statusText(settings, status)];
      if (status.phase === 'needs_token') {
        // The line above says why (refused, or none stored); what to do is the same.
        text.push(
          "Sync needs a valid access token; nothing was lost. Give one with 'outpost connect' or OUTPOST_TOKEN.",
        );
      }
      if (status.phase === 'paused') text.push('Sync is paused (in the app).');
      if (status.conflicts > 0) text.push("Some items changed on both sides: see 'outpost conflicts'.");
      if (status.pending > 0) text.push(`${status.pending} operation(s) not sent yet.`);
      return {
        json: { ok, rounds, status, problems },
        text: text.join('\n'),
        problems: problems.map((p) => p.message),
        exitCode: ok ? EXIT_OK : EXIT_FAILED,
      };
    }
    case 'workspaces': {
      const list = await call(core, 'workspaces.list', undefined);
      return {
        json: list,
        text: table(list.map((w) => [w.slug ?? 'local', w.name, `${w.postCount} posts`])),
      };
    }
    case 'profiles': {
      const list = await call(core, 'profiles.list', { workspace: given(v.workspace, 'workspace') });
      return {
        json: list,
        text: table(
          list.map((p) => [
            p.id,
            platformField(p.platform),
            p.isActive ? 'active' : 'inactive',
            p.label ?? '',
          ]),
        ),
      };
    }
    case 'posts': {
      const list =
        v.workspace === undefined
          ? await allPosts(core)
          : await call(core, 'posts.list', {
              workspace: v.workspace === 'local' ? null : v.workspace,
            });
      return {
        json: list,
        text: table(
          list.map((p) => [
            p.id,
            p.workspace ?? 'local',
            p.stateText,
            p.platforms.join(',') || '-',
            cell(p.title),
          ]),
        ),
      };
    }
    case 'variants': {
      const post = await call(core, 'posts.get', { id: given(v.post, 'post') });
      return { json: post.variants, text: table(post.variants.map(variantRow)) };
    }
    case 'draft': {
      let workspace: string | null;
      if (v.workspace !== undefined) workspace = v.workspace === 'local' ? null : v.workspace;
      else workspace = (await call(core, 'settings.get', undefined)).currentWorkspace;
      const post = await call(core, 'posts.create', { workspace, title: given(v.title, 'title') });
      return { json: post, text: post.id };
    }
    case 'variant': {
      const account: AccountChoice =
        v.profile !== undefined
          ? { kind: 'profile', profileId: v.profile }
          : v['no-profile']
            ? { kind: 'none' }
            : { kind: 'default' };
      const variant = await call(core, 'variants.create', {
        postId: given(v.post, 'post'),
        platform: given(v.platform, 'platform'),
        content: given(v.content, 'content'),
        account,
      });
      return { json: variant, text: variant.id };
    }
    case 'edit': {
      const variant = await call(core, 'variants.update', {
        id: given(v.variant, 'variant'),
        content: given(v.content, 'content'),
      });
      return { json: variant, text: variantLine(variant) };
    }
    case 'schedule': {
      const variant = v.clear
        ? await call(core, 'variants.unschedule', { id: given(v.variant, 'variant') })
        : await call(core, 'variants.schedule', { id: given(v.variant, 'variant'), at: given(v.at, 'at') });
      return { json: variant, text: variantLine(variant) };
    }
    case 'publish': {
      // Typing the command is the user's confirmation; the request leaves with the next sync.
      const variant = await call(core, 'variants.publish', { id: given(v.variant, 'variant') });
      return { json: variant, text: variantLine(variant) };
    }
    case 'conflicts': {
      const found: Array<{ post: PostDetail; variants: VariantView[] }> = [];
      const lines: string[] = [];
      for (const summary of await allPosts(core)) {
        const post = await call(core, 'posts.get', { id: summary.id });
        const variants = post.variants.filter((x) => x.conflicts.length > 0);
        if (post.conflicts.length === 0 && variants.length === 0) continue;
        found.push({ post, variants });
        for (const c of post.conflicts) {
          lines.push(`post ${post.id}\t${c.field}\tmine: ${cell(c.mine)}\ttheirs: ${cell(c.theirs)}`);
        }
        for (const x of variants) {
          for (const c of x.conflicts) {
            lines.push(`variant ${x.id}\t${c.field}\tmine: ${cell(c.mine)}\ttheirs: ${cell(c.theirs)}`);
          }
        }
      }
      return {
        json: found.map(({ post, variants }) => ({
          postId: post.id,
          serverId: post.serverId,
          title: post.title,
          conflicts: post.conflicts,
          variants: variants.map((x) => ({ id: x.id, serverId: x.serverId, conflicts: x.conflicts })),
        })),
        text: lines.length > 0 ? lines.join('\n') : 'No conflicts.',
      };
    }
    case 'resolve': {
      const choice = v.mine ? 'mine' : 'theirs';
      if (v.post !== undefined) {
        const post = await call(core, 'posts.resolveConflict', { id: v.post, choice });
        return { json: post, text: table([[post.id, post.stateText, cell(post.title)]]) };
      }
      const variant = await call(core, 'variants.resolveConflict', {
        id: given(v.variant, 'variant'),
        choice,
      });
      return { json: variant, text: variantLine(variant) };
    }
    case 'log': {
      const entries = await call(core, 'sync.log', v.limit === undefined ? {} : { limit: Number(v.limit) });
      return {
        json: entries,
        text: table(
          entries.map((e) => [e.at, e.action, oneLine(e.reason), e.postId ?? '', e.variantId ?? '']),
        ),
      };
    }
    case 'move': {
      const moved = await call(core, 'workspaces.moveLocalDrafts', {
        slug: given(v.workspace, 'workspace'),
        ...(v.post === undefined ? {} : { postIds: [v.post] }),
      });
      return { json: moved, text: `Moved ${moved.moved} draft(s) to ${v.workspace}.` };
    }
    case 'outbox': {
      const [action, id = '', serverId] = args;
      if (action !== undefined) {
        const op =
          action === 'retry'
            ? await call(core, 'outbox.retry', { id })
            : action === 'discard'
              ? await call(core, 'outbox.discard', { id })
              : await call(core, 'outbox.adopt', {
                  id,
                  serverId: serverId === 'none' ? null : (serverId ?? null),
                });
        return {
          json: op,
          text: `${op.id} ${op.kind}: ${op.state}${op.error ? ` (${oneLine(op.error)})` : ''}`,
        };
      }
      const ops = await call(core, 'outbox.list', undefined);
      // The last column: what the op takes now, as the core's op machine answers it.
      const rows = ops.map((o) => [
        o.id,
        o.kind,
        o.state,
        oneLine(o.question ?? o.waitingFor ?? o.error ?? ''),
        o.actions.join(',') || '-',
      ]);
      // A question's choices are listed under it, so `outbox adopt` can be typed from them.
      const choices = ops.flatMap((o) => o.candidates.map((c) => ['', '  choice', c.serverId, c.label]));
      return { json: ops, text: table([...rows, ...choices]) };
    }
  }
  throw new UsageError(`Unknown command '${command}'.`);
}

const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

const TOKEN_SHAPE = /[A-Za-z0-9]+_pat_[A-Za-z0-9_\-.~+/=]+/g;

function stderrLogger(print: Printer): Logger {
  // Anything shaped like a personal access token is blanked, whatever a caller passed in.
  const shape = TOKEN_SHAPE;
  const line = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    print.err(
      `${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`.replace(shape, '[redacted]') + '\n',
    );
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

/** Runs one command line; returns the exit code. Never throws. */
export async function runCli(
  argv: string[],
  io: CliIo,
  openCore: CoreOpener = defaultOpenCore,
): Promise<number> {
  // Until the line is parsed, a best guess, so even a usage error answers in JSON when asked.
  let json = argv.includes('--json');
  // A last guard on what is printed (the core's answers may quote the service): no token this
  // command knows, in any encoding, and nothing shaped like one.
  const redactor = new Redactor();
  if (io.env.OUTPOST_TOKEN) redactor.add(io.env.OUTPOST_TOKEN.trim());
  const print = printer(io, redactor.cleaner);
  const fail = (code: string, message: string, exitCode: number): number => {
    const line = redactor.clean(oneLine(message));
    print.err(`outpost: ${line}\n`);
    if (json) print.json({ ok: false, error: { code, message: line } });
    return exitCode;
  };

  let parsed: ParsedCommand;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    return fail('usage', error instanceof Error ? error.message : String(error), EXIT_USAGE);
  }
  json = parsed.values.json === true;
  if (parsed.values.help || parsed.command === null) {
    if (parsed.command === null && !parsed.values.help) {
      print.err(HELP);
      return EXIT_USAGE;
    }
    if (json) print.json({ ok: true, help: HELP });
    else print.out(HELP);
    return EXIT_OK;
  }

  const dataDir = resolve(resolveDataDir(parsed.values['data-dir'], io.env));
  const logger = parsed.values.verbose ? stderrLogger(print) : silentLogger;
  let core: AppCore | null = null;
  try {
    const opened = await openCore({ dataDir, env: io.env, logger });
    core = opened.core;
    const outcome = await run(core, parsed.command, parsed.values, parsed.args, io, redactor);
    if (json)
      print.json({ ok: outcome.exitCode === undefined || outcome.exitCode === 0, value: outcome.json });
    else if (outcome.text !== '') print.out(`${outcome.text}\n`);
    for (const problem of outcome.problems ?? []) print.err(`outpost: ${oneLine(problem)}\n`);
    return outcome.exitCode ?? EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) return fail('usage', error.message, EXIT_USAGE);
    if (error instanceof CommandFailed) return fail(error.code, error.message, EXIT_FAILED);
    const message = error instanceof Error ? error.message : String(error);
    return fail('internal', message, EXIT_FAILED);
  } finally {
    // A publish starts sending at once; give a sync in flight time to finish rather than cut it.
    if (core) await core.close(30_000).catch(() => undefined);
  }
}

const defaultOpenCore: CoreOpener = async ({ dataDir, env, logger }) => {
  const { createAppCore } = await import('./core/app/create-app-core');
  const { store, message } = await openSecretStore(env, logger);
  const core = await createAppCore({
    dataDir,
    secrets: store,
    secretsMessage: message,
    host: 'cli',
    version,
    logger,
    // One command, one sync at most: the CLI never syncs on a timer.
    syncIntervalMs: false,
    syncAfterChangeMs: false,
  });
  return { core, keychainMessage: message };
};

function readAllStdin(): Promise<string | null> {
  if (process.stdin.isTTY) return Promise.resolve(null);
  return new Promise((resolveText, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (chunk: Buffer) => chunks.push(chunk));
    process.stdin.on('end', () => resolveText(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const code = await runCli(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: readAllStdin,
    env: process.env,
  });
  return code;
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main().then(
    (code) => {
      // Let stdout drain, then leave even if a keychain or socket handle lingers.
      process.exitCode = code;
      process.stdout.write('', () => process.exit(code));
    },
    (error: unknown) => {
      process.stderr.write(
        terminalText(`outpost: ${error instanceof Error ? error.message : String(error)}\n`),
      );
      process.exit(EXIT_FAILED);
    },
  );
}
