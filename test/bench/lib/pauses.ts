// Which pause a slow edit paid for: the process's garbage collections (Node's `gc` performance
// entries) matched against the edits' own spans. An edit over the threshold with no collection
// under it waited for something else (a core, most often, on a shared machine).

export interface Span {
  start: number;
  end: number;
}

export interface GcPause {
  start: number;
  durationMs: number;
  /** minor (scavenge), major (mark-compact), incremental (marking steps), weakcb. */
  kind: string;
}

export interface PauseAttribution {
  thresholdMs: number;
  /** Edits that took longer than the threshold. */
  slow: number;
  /** Of those, the ones with at least one collection under them. */
  withGc: number;
  /** Time those collections took inside the slow edits, by kind. */
  gcMsByKind: Record<string, number>;
  /** Collections of any kind during all the edits, and their time. */
  gcCount: number;
  gcMs: number;
}

export function attributePauses(
  edits: readonly Span[],
  gcs: readonly GcPause[],
  thresholdMs = 1,
): PauseAttribution {
  const overlap = (e: Span, g: GcPause): number =>
    Math.max(0, Math.min(e.end, g.start + g.durationMs) - Math.max(e.start, g.start));
  const out: PauseAttribution = { thresholdMs, slow: 0, withGc: 0, gcMsByKind: {}, gcCount: 0, gcMs: 0 };
  const first = edits[0]?.start ?? 0;
  const last = edits[edits.length - 1]?.end ?? 0;
  for (const g of gcs) {
    if (g.start + g.durationMs < first || g.start > last) continue;
    out.gcCount++;
    out.gcMs += g.durationMs;
  }
  for (const e of edits) {
    if (e.end - e.start <= thresholdMs) continue;
    out.slow++;
    const under = gcs.filter((g) => overlap(e, g) > 0);
    if (under.length > 0) out.withGc++;
    for (const g of under) out.gcMsByKind[g.kind] = (out.gcMsByKind[g.kind] ?? 0) + overlap(e, g);
  }
  return out;
}

/** "3 of 5 edits over 1 ms had a collection under them (minor 4.1 ms, major 2 ms)". */
export function pausesText(a: PauseAttribution): string {
  if (a.slow === 0) return `no edit over ${a.thresholdMs} ms`;
  const kinds = Object.entries(a.gcMsByKind)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)} ms`)
    .join(', ');
  return `${a.withGc} of ${a.slow} edits over ${a.thresholdMs} ms had a collection under them${kinds === '' ? '' : ` (${kinds})`}`;
}
