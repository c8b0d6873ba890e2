/**
 * The sandbox's notion of "now". With `manual: true` time stands still until a test moves it,
 * so scheduling tests never depend on wall-clock speed. In real mode it follows Date.now()
 * plus whatever offset `set`/`advance` introduced (the demo can jump ahead too).
 */
export class SandboxClock {
  private readonly manual: boolean;
  private manualNow: number;
  private offset = 0;

  constructor(options: { manual: boolean; startTime?: Date }) {
    this.manual = options.manual;
    const start = options.startTime?.getTime() ?? Date.now();
    this.manualNow = start;
    if (!this.manual && options.startTime) this.offset = start - Date.now();
  }

  nowMs(): number {
    return this.manual ? this.manualNow : Date.now() + this.offset;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** Moves the clock; the caller runs the scheduler afterwards. Time never goes backwards by advance. */
  advanceBy(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new Error(`advance expects a non-negative number of ms, got ${ms}`);
    if (this.manual) this.manualNow += ms;
    else this.offset += ms;
  }

  setTo(date: Date): void {
    const target = date.getTime();
    if (Number.isNaN(target)) throw new Error('set expects a valid Date');
    if (this.manual) this.manualNow = target;
    else this.offset = target - Date.now();
  }
}
