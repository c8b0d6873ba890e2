// The growth table's arithmetic and its plot: how each cost grows with the library, drawn as a
// hand-written SVG (no charting dependency). Pure functions, tested in test/unit/bench.

export interface GrowthPoint {
  posts: number;
  value: number;
}

export interface GrowthMetric {
  key: string;
  label: string;
  unit: string;
  points: GrowthPoint[];
}

/** The cost per post at each size. */
export function perPost(points: readonly GrowthPoint[]): number[] {
  return points.map((p) => p.value / p.posts);
}

/**
 * The slope of log(value) against log(posts), least squares over every size: 1 grows like the
 * posts, 0 stays flat, above 1 grows faster. Null when it cannot be told (fewer than two
 * sizes, or a value that is not positive).
 */
export function growthExponent(points: readonly GrowthPoint[]): number | null {
  if (points.length < 2 || points.some((p) => !(p.value > 0) || !(p.posts > 0))) return null;
  const xs = points.map((p) => Math.log(p.posts));
  const ys = points.map((p) => Math.log(p.value));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    sxx += ((xs[i] as number) - mx) ** 2;
  }
  return sxx === 0 ? null : sxy / sxx;
}

/**
 * "No faster than the posts": an exponent of at most 1, plus a margin for run-to-run noise
 * (a cost that doubles by chance between 1,000 and 50,000 posts moves the slope by 0.18).
 */
export const GROWTH_TOLERANCE = 0.15;

export function growsNoFasterThanPosts(points: readonly GrowthPoint[]): boolean | null {
  const e = growthExponent(points);
  return e === null ? null : e <= 1 + GROWTH_TOLERANCE;
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#17becf'];

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string,
  );
}

const fmt = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ''));

/**
 * Every metric relative to its value at the smallest size, on log-log axes, beside the dashed
 * line of a cost that grows exactly like the posts: a line below it grows slower.
 */
export function growthSvg(metrics: readonly GrowthMetric[], caption: string): string {
  const width = 720;
  const height = 420;
  const m = { left: 60, right: 230, top: 40, bottom: 50 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const usable = metrics.filter((x) => x.points.length > 0 && x.points.every((p) => p.value > 0));
  const sizes = [...new Set(usable.flatMap((x) => x.points.map((p) => p.posts)))].sort((a, b) => a - b);
  const n0 = sizes[0] ?? 1;
  const n1 = sizes[sizes.length - 1] ?? 10;
  const rel = usable.map((x) => {
    const first = x.points[0] as GrowthPoint;
    return { metric: x, points: x.points.map((p) => ({ posts: p.posts, r: p.value / first.value })) };
  });
  const allR = [1, n1 / n0, ...rel.flatMap((x) => x.points.map((p) => p.r))];
  const yMin = Math.min(...allR) * 0.8;
  const yMax = Math.max(...allR) * 1.25;
  const lx = (n: number): number =>
    m.left + (n1 === n0 ? plotW / 2 : ((Math.log(n) - Math.log(n0)) / (Math.log(n1) - Math.log(n0))) * plotW);
  const ly = (r: number): number =>
    m.top + plotH - ((Math.log(r) - Math.log(yMin)) / (Math.log(yMax) - Math.log(yMin))) * plotH;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${m.left}" y="22" font-size="14" font-weight="bold">${escapeXml(caption)}</text>`,
    `<rect x="${m.left}" y="${m.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`,
  );
  for (const n of sizes) {
    const x = lx(n).toFixed(1);
    out.push(
      `<line x1="${x}" y1="${m.top}" x2="${x}" y2="${m.top + plotH}" stroke="#eee"/>`,
      `<text x="${x}" y="${m.top + plotH + 18}" text-anchor="middle">${n.toLocaleString('en-US')}</text>`,
    );
  }
  out.push(
    `<text x="${m.left + plotW / 2}" y="${height - 10}" text-anchor="middle">posts (log scale)</text>`,
  );
  const ticks: number[] = [];
  for (let p = Math.floor(Math.log10(yMin)); p <= Math.ceil(Math.log10(yMax)); p++) {
    for (const k of [1, 2, 5]) {
      const t = k * 10 ** p;
      if (t >= yMin && t <= yMax) ticks.push(t);
    }
  }
  for (const t of ticks) {
    const y = ly(t).toFixed(1);
    out.push(
      `<line x1="${m.left}" y1="${y}" x2="${m.left + plotW}" y2="${y}" stroke="#eee"/>`,
      `<text x="${m.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${fmt(t)}x</text>`,
    );
  }
  out.push(
    `<text transform="translate(16 ${m.top + plotH / 2}) rotate(-90)" text-anchor="middle">cost vs. the ${n0.toLocaleString('en-US')}-post size (log)</text>`,
  );
  const legendX = m.left + plotW + 16;
  out.push(
    `<line x1="${legendX}" y1="${m.top + 6}" x2="${legendX + 24}" y2="${m.top + 6}" stroke="#555" stroke-dasharray="6 4"/>`,
    `<text x="${legendX + 30}" y="${m.top + 6}" dominant-baseline="middle">grows like the posts</text>`,
  );
  rel.forEach((x, i) => {
    const color = COLORS[i % COLORS.length] as string;
    const pts = x.points.map((p) => `${lx(p.posts).toFixed(1)},${ly(p.r).toFixed(1)}`);
    out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${color}" stroke-width="2"/>`);
    for (const p of x.points) {
      out.push(`<circle cx="${lx(p.posts).toFixed(1)}" cy="${ly(p.r).toFixed(1)}" r="3" fill="${color}"/>`);
    }
    const y = m.top + 26 + i * 20;
    const e = growthExponent(x.metric.points);
    out.push(
      `<line x1="${legendX}" y1="${y}" x2="${legendX + 24}" y2="${y}" stroke="${color}" stroke-width="2"/>`,
      `<text x="${legendX + 30}" y="${y}" dominant-baseline="middle">${escapeXml(x.metric.label)}${e === null ? '' : ` (slope ${e.toFixed(2)})`}</text>`,
    );
  });
  // The reference goes on top: a cost that grows exactly like the posts would hide it.
  out.push(
    `<line x1="${lx(n0).toFixed(1)}" y1="${ly(1).toFixed(1)}" x2="${lx(n1).toFixed(1)}" y2="${ly(n1 / n0).toFixed(1)}" stroke="#555" stroke-dasharray="6 4"/>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}
