// An import in the window: a file (chosen, or dropped on the window) or cells pasted from a
// spreadsheet, read into a table by the same reader the command line uses; each column's field
// (matched by its header, chosen again by the person); each row's verdict from the core, checked
// again after every change; rows fixed in place or left out; and nothing made until the person
// confirms. The import itself is one step with one Undo (the notice the core's undoable brings).
import { SvelteSet } from 'svelte/reactivity';
import type {
  ImportCheck,
  ImportField,
  TableImportReport,
  ImportRequest,
  ImportTable,
} from '@preload/bridge';
import { matchColumns, remapColumn } from '@preload/spreadsheet/columns';
import { checkedText, decodeFile, type Decoded } from '@preload/spreadsheet/decode';
import { readTable } from '@preload/spreadsheet/table';
import { FILE_PROBLEMS, MAX_IMPORT_BYTES } from '@preload/words/import';
import { errorMessage, invoke } from '../bridge';
import { localZone } from '../schedule-time';

/** The files a drop opens as an import. */
export function isTableFile(name: string): boolean {
  return /\.(csv|tsv|txt)$/i.test(name);
}

/** Cells copied from a spreadsheet: tab-separated, more than one line. */
export function looksLikeCells(text: string): boolean {
  return text.includes('\t') && /\r?\n./.test(text.trim());
}

export class ImportState {
  /** Where the table came from: a file's name, or "Pasted cells". */
  source = $state<string | null>(null);
  table = $state.raw<ImportTable | null>(null);
  columns = $state<Array<ImportField | null>>([]);
  /** Row numbers the person left out. */
  readonly leftOut = new SvelteSet<number>();
  check = $state.raw<ImportCheck | null>(null);
  report = $state.raw<TableImportReport | null>(null);
  /** Why the file or paste is not a table, or why the core refused: one sentence. */
  problem = $state<string | null>(null);
  busy = $state(false);
  /** The row open for fixing in place. */
  editing = $state<number | null>(null);
  /** A change since the last check: only the newest check's answer is kept. */
  private generation = 0;

  constructor(private readonly workspace: () => string | null) {}

  /** The verdict of one row, once checked. */
  verdictOf(row: number) {
    return this.check?.rows.find((r) => r.row === row) ?? null;
  }

  get toMake(): number {
    return this.check?.rows.filter((r) => r.status === 'ready').length ?? 0;
  }

  reset(): void {
    this.source = null;
    this.table = null;
    this.columns = [];
    this.leftOut.clear();
    this.check = null;
    this.report = null;
    this.problem = null;
    this.editing = null;
  }

  async openFile(file: File): Promise<void> {
    if (file.size > MAX_IMPORT_BYTES)
      return this.open(file.name, { ok: false, message: FILE_PROBLEMS.tooBig });
    await this.open(file.name, decodeFile(new Uint8Array(await file.arrayBuffer())));
  }

  openPaste(text: string): Promise<void> {
    return this.open('Pasted cells', checkedText(text));
  }

  private async open(source: string, decoded: Decoded): Promise<void> {
    this.reset();
    this.source = source;
    if (!decoded.ok) {
      this.problem = decoded.message;
      return;
    }
    const read = readTable(decoded.text);
    if (!read.ok) {
      this.problem = read.message;
      return;
    }
    this.table = read.table;
    this.columns = matchColumns(read.table.header);
    await this.recheck();
  }

  async setColumn(index: number, field: ImportField | null): Promise<void> {
    this.columns = remapColumn(this.columns, index, field);
    await this.recheck();
  }

  async leaveOut(row: number, out: boolean): Promise<void> {
    if (out) this.leftOut.add(row);
    else this.leftOut.delete(row);
    await this.recheck();
  }

  /** A row's cells as the person fixed them. */
  async fixRow(row: number, cells: string[]): Promise<void> {
    const table = this.table;
    if (table === null) return;
    this.table = { ...table, rows: table.rows.map((r) => (r.row === row ? { row, cells } : r)) };
    this.editing = null;
    await this.recheck();
  }

  private request(): ImportRequest | null {
    const workspace = this.workspace();
    if (this.table === null || workspace === null) return null;
    const rows = this.table.rows.filter((r) => !this.leftOut.has(r.row));
    return rows.length === 0
      ? null
      : { workspace, table: { ...this.table, rows }, columns: [...this.columns], viewerZone: localZone() };
  }

  async recheck(): Promise<void> {
    const generation = ++this.generation;
    const request = this.request();
    this.report = null;
    if (request === null) {
      this.check = null;
      this.problem =
        this.workspace() === null ? 'Choose a workspace first: posts are imported into one.' : null;
      return;
    }
    try {
      const check = await invoke('posts.checkImport', request);
      if (generation !== this.generation) return;
      this.check = check;
      this.problem = null;
    } catch (error) {
      if (generation !== this.generation) return;
      this.check = null;
      this.problem = errorMessage(error);
    }
  }

  /** Makes the rows that are ready, as one step. */
  async confirm(): Promise<TableImportReport | null> {
    const request = this.request();
    if (request === null || this.busy) return null;
    this.busy = true;
    try {
      this.report = await invoke('posts.import', request);
      this.check = null;
      return this.report;
    } catch (error) {
      this.problem = errorMessage(error);
      return null;
    } finally {
      this.busy = false;
    }
  }
}
