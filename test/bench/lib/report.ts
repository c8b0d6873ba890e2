// The table every run prints (Markdown, so it can go into the README as is) and the JSON
// written beside it. A row states its goal, the figure and whether the goal was met.

export interface Row {
  name: string;
  goal: string;
  figure: string;
  met: boolean | null;
  /** Why a goal was missed, or how the figure was obtained when that is not obvious. */
  note?: string;
}

export function markdownTable(rows: readonly Row[]): string {
  const lines = [
    '| Benchmark | Goal | Figure (median / p95 or p99) | Met |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.goal} | ${r.figure} | ${r.met === null ? 'n/a' : r.met ? 'met' : '**missed**'} |`,
    ),
  ];
  return lines.join('\n');
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return value >= 100
    ? `${Math.round(value)} ms`
    : value >= 10
      ? `${value.toFixed(1)} ms`
      : `${value.toFixed(2)} ms`;
}
