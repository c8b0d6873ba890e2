// The machine a run happened on, for the table and the JSON: figures mean little without it.
import { cpus, freemem, loadavg, release, totalmem, type as osType } from 'node:os';
import { readFileSync } from 'node:fs';

export interface MachineInfo {
  cpu: string;
  cores: number;
  ramGiB: number;
  freeRamGiBAtStart: number;
  loadAverage1mAtStart: number;
  node: string;
  os: string;
}

function osName(): string {
  try {
    const text = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(text);
    if (pretty?.[1]) return `${pretty[1]} (${osType()} ${release()})`;
  } catch {
    // Not Linux, or no os-release: the kernel name is enough.
  }
  return `${osType()} ${release()}`;
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    ramGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    freeRamGiBAtStart: Math.round((freemem() / 1024 ** 3) * 10) / 10,
    loadAverage1mAtStart: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    node: process.version,
    os: osName(),
  };
}
