// Export in the window: the list as filtered and sorted (or the posts picked) written as CSV by
// the core, and saved as a file the browser (or Electron's download) offers to keep.
import { csvFile } from '@preload/spreadsheet/csv';
import { exportedSentence } from '@preload/words/import';
import { errorMessage, invoke } from '../bridge';
import type { PostsState } from './posts.svelte';

function fileName(workspace: string | null, nowMs: number): string {
  return `outpost-${workspace ?? 'local'}-${new Date(nowMs).toISOString().slice(0, 10)}.csv`;
}

function save(name: string, text: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link: its address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

export class ExportState {
  /** Why the last export could not be made; null once one is. */
  error = $state<string | null>(null);
  /**
   * Says that a file was saved, in a notice: a line above the list stayed for the rest of the
   * session, and taking it away would move every row under the pointer.
   */
  private readonly confirm: (sentence: string) => void;

  constructor(confirm: (sentence: string) => void) {
    this.confirm = confirm;
  }

  async run(posts: PostsState, ids?: string[]): Promise<void> {
    const { limit: _limit, workspace, ...list } = posts.listPayload();
    try {
      const { csv, rows } = await invoke('posts.export', {
        workspace,
        list,
        ...(ids && ids.length > 0 ? { ids } : {}),
      });
      save(fileName(workspace, Date.now()), csvFile(csv));
      this.error = null;
      this.confirm(exportedSentence(rows));
    } catch (error) {
      this.error = errorMessage(error);
    }
  }
}
