// What a command over many items answers (BulkReport): how many changed, and each refusal with
// its reason, in the order the items were named.
import { REFUSALS } from '@preload/words/refusals';
import type { BulkReport, LocalId } from '@preload/bridge';
import { CommandError } from '../command-error';

export class Refusals {
  readonly #reasons = new Map<LocalId, string>();

  add(id: LocalId, reason: string): void {
    if (!this.#reasons.has(id)) this.#reasons.set(id, reason);
  }

  reasonOf(id: LocalId): string | null {
    return this.#reasons.get(id) ?? null;
  }

  /** Runs `change` for one item; a CommandError becomes that item's refusal, anything else is thrown. */
  async each(id: LocalId, change: () => Promise<void>): Promise<boolean> {
    try {
      await change();
      return true;
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      this.add(id, error.message);
      return false;
    }
  }

  report(ids: readonly LocalId[], done: number): BulkReport {
    return {
      done,
      refused: ids.flatMap((id) => {
        const reason = this.#reasons.get(id);
        return reason === undefined ? [] : [{ id, reason }];
      }),
    };
  }
}

/** The row, or the item's refusal: it is not there. */
export function present<T>(row: T | undefined): T {
  if (row === undefined) throw new CommandError('not_found', REFUSALS.gone);
  return row;
}

/** Refuses the item with `reason` unless it is null. */
export function refuseIf(reason: string | null): void {
  if (reason !== null) throw new CommandError('invalid_state', reason);
}
