// outpost connect, outpost status: which service, with which token, and where things stand.
import { inlineField } from '../output';
import type { Redactor } from '../../core/api/redaction';
import { accountOf } from '../../core/secrets';
import {
  call,
  CommandFailed,
  defineCommand,
  oneOf,
  required,
  UsageError,
  type CliCommand,
  type CliIo,
} from '../command';
import { statusText } from '../format';

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

export const connectionCommands: CliCommand[] = [
  defineCommand({
    name: 'connect',
    options: [required('base-url', 'URL'), oneOf('auth-header', ['bearer', 'x-api-key'])],
    help: [
      'Connect to the service. The token is read from standard input,',
      'or else from OUTPOST_TOKEN (used and never stored; it goes only to',
      'OUTPOST_BASE_URL when that is set, else to the address it connects).',
    ],
    async run({ core, values, io, redactor }) {
      const baseUrl = values['base-url'];
      const token = await readToken(io, baseUrl, redactor);
      const authHeader = (values['auth-header'] ?? 'bearer') as 'bearer' | 'x-api-key';
      const input = { baseUrl, token, authHeader };
      // GET /api/workspaces/ with the token before anything is saved.
      const test = await call(core, 'settings.testConnection', input);
      if (!test.ok) throw new CommandFailed(test.error.code, test.error.message);
      const settings = await call(core, 'settings.connect', input);
      const notes: string[] = [];
      if (settings.tokenStorage === 'memory') {
        notes.push(
          `No OS keychain: the token was kept for this command only. For the next commands, set OUTPOST_TOKEN and OUTPOST_BASE_URL=${settings.baseUrl ?? baseUrl}.`,
        );
      }
      if (settings.tokenStorage === 'environment')
        notes.push('The token comes from OUTPOST_TOKEN and was not stored.');
      return {
        json: { settings, workspaces: test.workspaces },
        text: [
          `Connected to ${settings.baseUrl ?? baseUrl}. Workspaces: ${test.workspaces.map(inlineField).join(', ') || '(none)'}`,
          ...notes,
        ].join('\n'),
      };
    },
  }),
  defineCommand({
    name: 'status',
    help: ['Connection, pending operations, failures, conflicts, last sync.'],
    async run({ core }) {
      const settings = await call(core, 'settings.get', undefined);
      const status = await call(core, 'sync.status', undefined);
      return { json: { settings, status }, text: statusText(settings, status) };
    },
  }),
];
