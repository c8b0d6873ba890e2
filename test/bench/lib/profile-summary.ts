// Where a measured process spent its time, from a V8 CPU profile (`--cpu-prof`): self time by
// kind of work (SQLite, Kysely, fetch, Outpost's own code, GC, idle), over the window in
// which chosen functions were on the stack (the push's or the pull's own functions), so the
// drafting before a push or the connect before a pull do not count.
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export type WorkKind =
  | 'SQLite (better-sqlite3, native)'
  | 'Kysely (building, compiling, running queries)'
  | 'fetch (undici, streams, abort signals)'
  | 'socket writes (native)'
  | 'zod (validating answers)'
  | 'Outpost (core code)'
  | 'garbage collection'
  | 'idle (waiting for the service)'
  | 'Node internals and other';

export function kindOf(frame: { functionName: string; url: string }): WorkKind {
  const { functionName: f, url: u } = frame;
  if (f === 'executeQuery' && u.includes('sqlite-driver')) return 'SQLite (better-sqlite3, native)';
  if (u.includes('kysely')) return 'Kysely (building, compiling, running queries)';
  if (/undici|webstreams|abort_controller|js_transferable|event_target/.test(u))
    return 'fetch (undici, streams, abort signals)';
  if (u === '' && /^(writev|writeLatin1String|writeUtf8String|writeString|writeBuffer)$/.test(f))
    return 'socket writes (native)';
  if (u.includes('zod')) return 'zod (validating answers)';
  if (/-child\.mjs$/.test(u)) return 'Outpost (core code)';
  if (f === '(garbage collector)') return 'garbage collection';
  if (f === '(idle)') return 'idle (waiting for the service)';
  return 'Node internals and other';
}

export interface ProfileSummary {
  /** From the first to the last sample with a window function on its stack. */
  windowMs: number;
  byKind: Array<{ kind: WorkKind; ms: number; share: number }>;
}

export function summarizeProfile(profile: CpuProfile, windowFunctions: RegExp): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  // Whether a node has a window function on its stack (itself or a caller), memoized.
  const inWindow = new Map<number, boolean>();
  const onStack = (id: number): boolean => {
    const known = inWindow.get(id);
    if (known !== undefined) return known;
    const parent = parentOf.get(id);
    const own = windowFunctions.test(byId.get(id)?.callFrame.functionName ?? '');
    const result = own || (parent !== undefined && onStack(parent));
    inWindow.set(id, result);
    return result;
  };
  const at: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) at.push((t += delta));
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  profile.samples.forEach((id, i) => {
    if (onStack(id)) {
      from = Math.min(from, at[i] as number);
      to = Math.max(to, at[i] as number);
    }
  });
  const totals = new Map<WorkKind, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const time = at[i] as number;
    const node = byId.get(id);
    if (time < from || time > to || node === undefined) return;
    const delta = profile.timeDeltas[i] ?? 0;
    all += delta;
    const kind = kindOf(node.callFrame);
    totals.set(kind, (totals.get(kind) ?? 0) + delta);
  });
  return {
    windowMs: Number.isFinite(to - from) ? (to - from) / 1000 : 0,
    byKind: [...totals]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, us]) => ({ kind, ms: us / 1000, share: all === 0 ? 0 : us / all })),
  };
}
