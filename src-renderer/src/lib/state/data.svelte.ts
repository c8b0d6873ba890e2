// The data folder as the window shows it: what a start recovered (until read), what keeps
// changes from being saved (a full disk, a folder Outpost cannot write), the copies kept in
// backups/, and the export of everything into one file and back.
import type { BackupView, DataStatus, ImportReport } from '@preload/bridge';
import { errorMessage, invoke } from '../bridge';

/** A file the browser saves: in Electron and in a browser alike, a download of what the core wrote. */
function download(fileName: string, text: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link: its address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

export class DataState {
  status = $state<DataStatus | null>(null);
  copies = $state<BackupView[]>([]);
  /** What the last action here said: a copy made, an export written, an import's report. */
  said = $state<string | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);
  /** Told when the folder takes changes again after a problem (held texts are saved then). */
  private readonly roomAgain: () => void;

  constructor(roomAgain: () => void = () => undefined) {
    this.roomAgain = roomAgain;
  }

  async load(): Promise<void> {
    try {
      this.apply(await invoke('data.status'));
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  apply(status: DataStatus): void {
    const hadProblem = this.status?.problem != null;
    this.status = status;
    if (hadProblem && status.problem === null) this.roomAgain();
  }

  async dismiss(): Promise<void> {
    try {
      this.apply(await invoke('data.dismissNotice'));
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  async loadCopies(): Promise<void> {
    try {
      this.copies = await invoke('data.backups');
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    }
  }

  private async act(work: () => Promise<string>): Promise<void> {
    this.busy = true;
    this.said = null;
    try {
      this.said = await work();
      this.error = null;
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = false;
    }
  }

  makeCopy(): Promise<void> {
    return this.act(async () => {
      const copy = await invoke('data.backup');
      await this.loadCopies();
      return `Copy made: ${copy.file}`;
    });
  }

  exportAll(): Promise<void> {
    return this.act(async () => {
      const { fileName, document: text } = await invoke('data.export');
      download(fileName, text);
      return `Everything was exported to ${fileName}.`;
    });
  }

  private restored(report: ImportReport): string {
    return report.copyBefore
      ? `${report.text} The folder as it was is kept in ${report.copyBefore}.`
      : report.text;
  }

  /** Brings back an export the person chose (its text, read here). */
  restoreExport(file: File): Promise<void> {
    return this.act(async () => this.restored(await invoke('data.import', { document: await file.text() })));
  }

  /** Brings back one of the copies listed. */
  restoreCopy(copy: BackupView): Promise<void> {
    return this.act(async () => {
      const report = await invoke('data.import', { copy: copy.file });
      await this.loadCopies();
      return this.restored(report);
    });
  }
}
