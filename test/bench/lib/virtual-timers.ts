// Simulated time for the idle benchmark. Timers of at least `minMs` (the sync engine's own
// schedule: the periodic sync, retry and reconcile wake-ups) go into a virtual queue; shorter
// ones (HTTP internals, event-loop yields) stay real. The core's Clock reads the virtual time,
// which is real time plus every jump made so far; `advanceToNext()` jumps to the earliest
// virtual timer and runs it. Nothing in the core is changed or mocked: it only sees time pass.

interface VirtualTimer {
  id: number;
  due: number;
  intervalMs: number | null;
  callback: () => void;
}

export interface VirtualTime {
  now(): number;
  pending(): number;
  /** Jumps to the earliest virtual timer (if due before `limit`) and runs it; false when none. */
  advanceToNext(limit: number): boolean;
  /** Moves virtual time to `at` without running anything (the end of the window). */
  jumpTo(at: number): void;
  uninstall(): void;
}

export function installVirtualTimers(minMs: number): VirtualTime {
  const real = {
    setTimeout: globalThis.setTimeout,
    setInterval: globalThis.setInterval,
    clearTimeout: globalThis.clearTimeout,
    clearInterval: globalThis.clearInterval,
  };
  let offset = 0;
  let nextId = 1;
  const queue = new Map<number, VirtualTimer>();
  const now = (): number => Date.now() + offset;

  class Handle {
    constructor(readonly id: number) {}
    unref(): this {
      return this;
    }
    ref(): this {
      return this;
    }
    hasRef(): boolean {
      return false;
    }
    refresh(): this {
      const t = queue.get(this.id);
      if (t) t.due = now() + (t.intervalMs ?? 0);
      return this;
    }
    [Symbol.toPrimitive](): number {
      return this.id;
    }
  }

  const add = (callback: () => void, delay: number, interval: boolean): Handle => {
    const id = nextId++;
    queue.set(id, { id, due: now() + delay, intervalMs: interval ? delay : null, callback });
    return new Handle(id);
  };
  const clear = (handle: unknown, realClear: (h: never) => void): void => {
    if (handle instanceof Handle) queue.delete(handle.id);
    else if (handle !== undefined && handle !== null) realClear(handle as never);
  };

  const patched = {
    setTimeout: (callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) =>
      (delay ?? 0) >= minMs
        ? add(() => callback(...args), delay ?? 0, false)
        : real.setTimeout(callback, delay, ...args),
    setInterval: (callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) =>
      (delay ?? 0) >= minMs
        ? add(() => callback(...args), delay ?? 0, true)
        : real.setInterval(callback, delay, ...args),
    clearTimeout: (handle: unknown) => clear(handle, real.clearTimeout),
    clearInterval: (handle: unknown) => clear(handle, real.clearInterval),
  };
  Object.assign(globalThis, patched);

  return {
    now,
    pending: () => queue.size,
    advanceToNext(limit) {
      let first: VirtualTimer | undefined;
      for (const t of queue.values()) if (!first || t.due < first.due) first = t;
      if (!first || first.due > limit) return false;
      if (first.due > now()) offset += first.due - now();
      if (first.intervalMs === null) queue.delete(first.id);
      else first.due += first.intervalMs;
      first.callback();
      return true;
    },
    jumpTo(at) {
      if (at > now()) offset += at - now();
    },
    uninstall() {
      Object.assign(globalThis, real);
    },
  };
}
