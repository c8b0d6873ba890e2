// What a command's start found about the data folder, said once on standard error before the
// command's own answer: a damaged database that this start set aside and recovered.
import type { Printer } from './output';
import type { AppCore } from '../core/ports';
import { oneLine } from './format';

export async function printStartNotice(core: AppCore, print: Printer): Promise<void> {
  const status = await core.invoke('data.status', undefined);
  if (!status.ok || status.value.notice === null || !status.value.notice.thisStart) return;
  const { title, lines } = status.value.notice;
  for (const line of [title, ...lines]) print.err(`outpost: ${oneLine(line)}\n`);
}
