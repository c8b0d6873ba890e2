// What the machine's cores allow a ratio to be. The service under test runs on the same
// machine, so a client's work beyond sending competes with it for the cores: however Outpost
// split its work across threads, its run cannot take less wall time than all the CPU time of
// the run (its own and the service's) spread over every core.

export interface CapacityInput {
  cores: number;
  /** The bare client's run: its wall time, its CPU time and the service's CPU time meanwhile. */
  bare: { wallMs: number; cpuMs: number; serviceCpuMs: number };
  /** Outpost's CPU time for the same requests (the service does the same work for both). */
  outpostCpuMs: number;
}

export interface Capacity {
  /** Cores the bare client and the service kept busy together (wall-time average). */
  busyCoresBare: number;
  /** The highest ratio Outpost's CPU time allows on these cores, with perfect parallelism. */
  ratioCeiling: number;
}

export function capacity(input: CapacityInput): Capacity {
  const { cores, bare, outpostCpuMs } = input;
  const floorMs = (outpostCpuMs + bare.serviceCpuMs) / cores;
  return {
    busyCoresBare: (bare.cpuMs + bare.serviceCpuMs) / bare.wallMs,
    ratioCeiling: Math.min(1, bare.wallMs / floorMs),
  };
}
