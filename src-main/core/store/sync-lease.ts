// One sync at a time per data folder, across processes: the desktop app, the browser host and
// the CLI can share a folder, and two syncs pushing the same outbox would each take the other's
// request in flight for a crash to recover from (a publish "of unknown outcome" that is not).
// The lease is a row of `setting`, taken and dropped by single compare-and-swap statements,
// which SQLite makes atomic across processes.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { jsonFieldOf, readJson } from './json';
import type { Database } from './schema';

const KEY = 'syncLease';
/** A holder that has not renewed for this long is taken to be gone (a crash on another host). */
export const LEASE_STALE_MS = 60_000;

export interface LeaseHolder {
  id: string;
  pid: number;
  host: string;
  renewedAt: string;
}

export type LeaseAnswer = { ok: true } | { ok: false; holder: LeaseHolder };

const leaseHolder = z.object({ id: z.string(), pid: z.number(), host: z.string(), renewedAt: z.string() });

/** The holder a lease row names; null when the row cannot be read (damaged): nobody holds it then. */
function holderOf(value: string): LeaseHolder | null {
  const read = leaseHolder.safeParse(readJson(value));
  return read.success ? read.data : null;
}

/** The id in a lease row, or null for a row that is not JSON. */
const holderId = jsonFieldOf('value', 'id');

/** Whether a process of this machine still runs (signal 0 checks without sending anything). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process a row names (the lease's holder, a window's core) has ended. Known only on
 * this machine: another machine's process (a folder on a shared drive) cannot be asked.
 */
export function endedHere(holder: { host: string; pid: number }, isAlive = processIsAlive): boolean {
  return holder.host === hostname() && !isAlive(holder.pid);
}

/**
 * Times are the machine's real time, not the core's clock: what they measure is whether another
 * process is still at work, and tests that move the core's clock must not move that.
 */
export class SyncLease {
  readonly #me: Omit<LeaseHolder, 'renewedAt'>;
  readonly #gone: ReadonlySet<string>;

  /**
   * `holders.me` names this core in the lease (default a fresh id); `holders.gone` names cores
   * of this same process known to be dead (a host whose core thread died and was started again):
   * their process lives on, so only this says their lease is free.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly isAlive: (pid: number) => boolean = processIsAlive,
    private readonly nowMs: () => number = Date.now,
    holders: { me?: string; gone?: readonly string[] } = {},
  ) {
    this.#me = { id: holders.me ?? randomUUID(), pid: process.pid, host: hostname() };
    this.#gone = new Set(holders.gone ?? []);
  }

  /** Takes the lease unless a live holder has it; a dead or silent holder's lease is taken over. */
  async acquire(): Promise<LeaseAnswer> {
    const mine = this.#stamp();
    const row = await this.db.selectFrom('setting').select('value').where('key', '=', KEY).executeTakeFirst();
    if (row === undefined) {
      const taken = await this.db
        .insertInto('setting')
        .values({ key: KEY, value: mine })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return taken.numInsertedOrUpdatedRows === 1n ? { ok: true } : this.acquire();
    }
    const holder = holderOf(row.value);
    if (holder !== null && holder.id !== this.#me.id && this.#holds(holder)) return { ok: false, holder };
    // Only if nobody changed it since it was read: two takers cannot both win.
    const swapped = await this.db
      .updateTable('setting')
      .set({ value: mine })
      .where('key', '=', KEY)
      .where('value', '=', row.value)
      .executeTakeFirst();
    return swapped.numUpdatedRows === 1n ? { ok: true } : this.acquire();
  }

  /** Keeps a long sync's lease fresh. */
  async renew(): Promise<void> {
    await this.db
      .updateTable('setting')
      .set({ value: this.#stamp() })
      .where('key', '=', KEY)
      .where(holderId, '=', this.#me.id)
      .execute();
  }

  async release(): Promise<void> {
    await this.db.deleteFrom('setting').where('key', '=', KEY).where(holderId, '=', this.#me.id).execute();
  }

  #stamp(): string {
    return JSON.stringify({
      ...this.#me,
      renewedAt: new Date(this.nowMs()).toISOString(),
    } satisfies LeaseHolder);
  }

  #holds(holder: LeaseHolder): boolean {
    if (this.#gone.has(holder.id)) return false;
    if (this.nowMs() - Date.parse(holder.renewedAt) >= LEASE_STALE_MS) return false;
    // On this machine a holder whose process is gone (killed mid-sync) let go at once.
    return !endedHere(holder, this.isAlive);
  }
}
