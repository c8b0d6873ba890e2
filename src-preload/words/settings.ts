// What Settings says about the connection to the service. Each sentence is one line here: the
// messages show in blocks that keep line breaks (`.error` is pre-wrap), so none may come from
// the way a template is wrapped.

export const SETTINGS_WORDS = {
  tokenRefused:
    'The service no longer accepts the access token. Enter a new one and press “Connect”. Your drafts are kept.',
  connected: 'Connected. Posts in your workspaces sync in the background.',
  signedOut: 'Signed out. The token is forgotten; your drafts stay on this computer.',
  /** Where the service is while its token is refused: not "Connected to". */
  refusedAt: 'Service address:',
  /** Where the token is kept, after "token kept". */
  tokenKept: {
    keychain: 'in the system keychain',
    memory: 'in memory for this session only',
    environment: 'from the OUTPOST_TOKEN environment variable',
  } as Record<string, string>,
  connectedWithDrafts: (n: number): string =>
    `Connected. ${n} ${plural(n, 'draft is', 'drafts are')} still only on this computer: move ${plural(n, 'it', 'them')} into a workspace to sync, schedule and publish ${plural(n, 'it', 'them')}.`,
  moved: (n: number, workspace: string): string =>
    `Moved ${n} ${plural(n, 'draft', 'drafts')} to “${workspace}”; ${plural(n, 'it syncs', 'they sync')} in the background.`,
} as const;

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
