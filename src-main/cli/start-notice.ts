// What a command's start found about the data folder, said once on standard error before the
// command's own answer: a damaged database that this start set aside and recovered, or a folder
// it could open only for reading (read-only, held by another program, or a full disk).
import { CLI_DISK_FULL_AT_START } from '@preload/words/data';
import type { Printer } from './output';
import type { AppCore } from '../core/ports';
import { oneLine } from './format';

/** Prints what the start found; returns the lines said, so a failure need not say one again. */
export async function printStartNotice(core: AppCore, print: Printer): Promise<string[]> {
  const status = await core.invoke('data.status', undefined);
  if (!status.ok) return [];
  const { notice, problem } = status.value;
  const said = notice?.thisStart ? [notice.title, ...notice.lines] : [];
  // The window's words for a full disk promise to keep what is typed; a command keeps nothing.
  if (problem !== null) said.push(problem.kind === 'disk_full' ? CLI_DISK_FULL_AT_START : problem.text);
  for (const line of said) print.err(`outpost: ${oneLine(line)}\n`);
  return said.map(oneLine);
}
