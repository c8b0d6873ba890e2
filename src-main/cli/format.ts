// How the commands lay out what they print: lines, tab-separated tables, a variant in a line.
// What the text holds is escaped later, once, by the printer (output.ts).
import type { AccountChoice, SettingsView, SyncStatus, VariantView } from '@preload/bridge';
import { statusLine } from '@preload/words/status';
import { inlineField, platformField } from './output';

/** Runs of spaces and line breaks as one space; any other control stays, for the printer to show. */
export function oneLine(text: string): string {
  return text.replace(/(?:\r?\n|[ \t])+/g, ' ').trim();
}

export function cell(text: string | null | undefined, max = 60): string {
  const flat = oneLine(text ?? '');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function table(rows: string[][]): string {
  return rows.map((row) => row.map(inlineField).join('\t')).join('\n');
}

function accountText(account: AccountChoice): string {
  if (account.kind === 'default') return 'default account';
  if (account.kind === 'none') return 'no account';
  return `profile ${account.profileId}`;
}

export function statusText(settings: SettingsView, status: SyncStatus): string {
  const lines = [
    `Connection: ${settings.baseUrl ? `${settings.baseUrl} (${settings.connected ? 'connected' : 'not connected'})` : 'not connected'}`,
    `Token: ${settings.tokenStorage ?? 'none'}`,
    // The window's status line, in the same words.
    `Sync: ${statusLine(status, (iso) => iso).text}`,
    `Pending: ${status.pending}`,
    `Failed: ${status.failed}`,
    `Conflicts: ${status.conflicts}`,
    `Needs attention: ${status.needsAttention}`,
    `Last sync: ${status.lastSyncAt ?? 'never'}`,
    `Last read from the service: ${status.lastReadAt ?? 'never'}`,
  ];
  if (status.lastError) lines.push(`Last error: ${oneLine(status.lastError)}`);
  if (settings.keychainMessage) lines.push(settings.keychainMessage);
  return lines.join('\n');
}

export function variantRow(v: VariantView): string[] {
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

export function variantLine(v: VariantView): string {
  const parts = [`${v.id}`, platformField(v.platform), inlineField(v.stateText)];
  if (v.scheduledAt) parts.push(`at ${v.scheduledAt}`);
  if (v.platformPostUrl) parts.push(inlineField(v.platformPostUrl));
  if (v.error) parts.push(`error: ${oneLine(v.error)}`);
  return parts.join('  ');
}
