/**
 * Fault injection by route and method. Rules are checked in the order they were added; every
 * firing `latency` rule adds its delay, every firing `normalize_text` rule has the request's
 * text normalised, and the first firing rule of any other kind decides the outcome. `probability` draws from a seeded PRNG so a failing run can be replayed.
 */
export interface FaultRule {
  method?: string;
  /** A string is a pattern like '/api/workspaces/:slug/posts/' (':name' = one segment, '*' = the rest). */
  path?: string | RegExp;
  kind: FaultKind;
  /** 400 and 409: refused for good (a rule of the service the client cannot foresee); 5xx: failing. */
  status?: 400 | 409 | 500 | 502 | 503;
  /** oversize_answer: the answer is padded to more than this many bytes (default 11 MiB). */
  bytes?: number;
  latencyMs?: number;
  /** retry_after: the 429's Retry-After; status 503: a Retry-After sent with it, when given. */
  retryAfterSeconds?: number;
  /** not_kept: what the 200 answer shows, the variant as it still is (`old`, default) or the values sent. */
  echo?: NotKeptEcho;
  probability?: number;
  times?: number;
}

export const FAULT_KINDS = [
  'latency',
  'status',
  'retry_after',
  'drop_after_write',
  'drop_before_write',
  'garbage_after_write',
  'truncate_after_write',
  'lookalike_after_write',
  'oversize_answer',
  'other_record_after_write',
  'not_kept',
  'normalize_text',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export type NotKeptEcho = 'old' | 'sent';

/** Over a 10 MB client limit, whichever way the client counts a megabyte. */
export const DEFAULT_OVERSIZE_BYTES = 11 * 1024 * 1024;

export type FaultOutcome =
  | { kind: 'status'; status: number; retryAfterSeconds: number | null }
  | { kind: 'retry_after'; retryAfterSeconds: number }
  | { kind: 'drop_after_write' }
  | { kind: 'drop_before_write' }
  | { kind: 'garbage_after_write' }
  | { kind: 'truncate_after_write' }
  | { kind: 'lookalike_after_write' }
  | { kind: 'oversize_answer'; bytes: number }
  | { kind: 'other_record_after_write' }
  | { kind: 'not_kept'; echo: NotKeptEcho };

export interface FaultDecision {
  latencyMs: number;
  /** Whether the request's title and content are normalised before it is handled (normalize_text). */
  normalizeText: boolean;
  outcome: FaultOutcome | null;
}

interface StoredRule {
  id: string;
  rule: FaultRule;
  method: string | null;
  pathRegex: RegExp | null;
  remaining: number;
}

export function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}$`);
}

/** mulberry32: tiny, fast, and good enough to make fault runs reproducible. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function validateFaultRule(rule: FaultRule): void {
  if (!(FAULT_KINDS as readonly string[]).includes(rule.kind))
    throw new Error(`fault kind must be one of ${FAULT_KINDS.join(', ')}`);
  if (rule.kind === 'status' && ![400, 409, 500, 502, 503].includes(rule.status ?? 0)) {
    throw new Error('a status fault needs status 400, 409, 500, 502 or 503');
  }
  if (rule.kind === 'latency' && !(typeof rule.latencyMs === 'number' && rule.latencyMs >= 0)) {
    throw new Error('a latency fault needs latencyMs >= 0');
  }
  if (
    rule.kind === 'retry_after' &&
    !(
      typeof rule.retryAfterSeconds === 'number' &&
      Number.isInteger(rule.retryAfterSeconds) &&
      rule.retryAfterSeconds >= 0
    )
  ) {
    throw new Error('a retry_after fault needs an integer retryAfterSeconds >= 0');
  }
  if (
    rule.kind === 'oversize_answer' &&
    rule.bytes !== undefined &&
    !(Number.isSafeInteger(rule.bytes) && rule.bytes >= 0 && rule.bytes <= 256 * 1024 * 1024)
  ) {
    throw new Error('an oversize_answer fault needs bytes between 0 and 268435456');
  }
  if (rule.echo !== undefined && (rule.kind !== 'not_kept' || !['old', 'sent'].includes(rule.echo))) {
    throw new Error("echo belongs to a not_kept fault and is 'old' or 'sent'");
  }
  if (rule.probability !== undefined && !(rule.probability >= 0 && rule.probability <= 1)) {
    throw new Error('probability must be between 0 and 1');
  }
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times >= 0)) {
    throw new Error('times must be a non-negative integer');
  }
}

export class FaultInjector {
  private rules: StoredRule[] = [];
  private nextId = 1;
  private random: () => number = mulberry32(1);
  private injectedCount = 0;
  private readonly injectedKinds = new Map<FaultKind, number>();

  get injected(): number {
    return this.injectedCount;
  }

  /** Firings per fault kind, so a run can say which faults it met. */
  injectedByKind(): Partial<Record<FaultKind, number>> {
    return Object.fromEntries(this.injectedKinds);
  }

  get active(): boolean {
    return this.rules.length > 0;
  }

  add(rule: FaultRule): string {
    validateFaultRule(rule);
    const id = `fault-${this.nextId++}`;
    let pathRegex: RegExp | null = null;
    if (rule.path instanceof RegExp) pathRegex = rule.path;
    else if (typeof rule.path === 'string') pathRegex = patternToRegExp(rule.path);
    this.rules.push({
      id,
      rule: { ...rule },
      method: rule.method ? rule.method.toUpperCase() : null,
      pathRegex,
      remaining: rule.times ?? Number.POSITIVE_INFINITY,
    });
    return id;
  }

  remove(id: string): void {
    this.rules = this.rules.filter((stored) => stored.id !== id);
  }

  clear(): void {
    this.rules = [];
  }

  setSeed(seed: number): void {
    this.random = mulberry32(seed);
  }

  list(): Array<{ id: string; rule: FaultRule; remaining: number | null }> {
    return this.rules.map((stored) => ({
      id: stored.id,
      rule: stored.rule,
      remaining: Number.isFinite(stored.remaining) ? stored.remaining : null,
    }));
  }

  /** Called once per API request (never for the control surface). */
  decide(method: string, path: string): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0, normalizeText: false, outcome: null };
    for (const stored of this.rules) {
      if (stored.remaining <= 0) continue;
      if (stored.method && stored.method !== method) continue;
      if (stored.pathRegex && !stored.pathRegex.test(path)) continue;
      if (!stored.pathRegex && !path.startsWith('/api/')) continue;
      const modifier = stored.rule.kind === 'latency' || stored.rule.kind === 'normalize_text';
      if (!modifier && decision.outcome) continue;
      const probability = stored.rule.probability ?? 1;
      if (probability < 1 && this.random() >= probability) continue;
      stored.remaining -= 1;
      this.injectedCount += 1;
      const rule = stored.rule;
      this.injectedKinds.set(rule.kind, (this.injectedKinds.get(rule.kind) ?? 0) + 1);
      switch (rule.kind) {
        case 'latency':
          decision.latencyMs += rule.latencyMs ?? 0;
          break;
        case 'normalize_text':
          decision.normalizeText = true;
          break;
        case 'status':
          decision.outcome = {
            kind: 'status',
            status: rule.status ?? 500,
            retryAfterSeconds: rule.retryAfterSeconds ?? null,
          };
          break;
        case 'retry_after':
          decision.outcome = { kind: 'retry_after', retryAfterSeconds: rule.retryAfterSeconds ?? 1 };
          break;
        case 'oversize_answer':
          decision.outcome = { kind: 'oversize_answer', bytes: rule.bytes ?? DEFAULT_OVERSIZE_BYTES };
          break;
        case 'not_kept':
          decision.outcome = { kind: 'not_kept', echo: rule.echo ?? 'old' };
          break;
        default:
          decision.outcome = { kind: rule.kind };
          break;
      }
    }
    return decision;
  }
}
