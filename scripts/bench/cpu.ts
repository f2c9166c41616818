import { readdirSync, readFileSync } from "node:fs";

// From /proc (Linux), in clock ticks at USER_HZ = 100, the value every Linux build in use exposes to user space.

const TICK_MS = 10;

/** Busy (non-idle, non-iowait) CPU time of the whole machine so far, in ms, summed over cores. */
export function machineBusyMs(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest and guest_nice are already in user and nice)
  const busy = f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!;
  return busy * TICK_MS;
}

function stat(pid: number): { ppid: number; cpuMs: number; reapedMs: number } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: fields start after the last ")".
    const f = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(f[1]), cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS, reapedMs: (Number(f[13]) + Number(f[14])) * TICK_MS };
  } catch {
    return null;
  }
}

/** CPU time (user + system) of `pid` and every live descendant, in ms; with `alone`, of `pid` only; with `reaped`, also of the children each has waited for (PostgreSQL's ended backends). */
export function processTreeCpuMs(pid: number, alone = false, reaped = false): number {
  if (alone) return stat(pid)?.cpuMs ?? 0;
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (!s) continue;
    cpu.set(Number(name), s.cpuMs + (reaped ? s.reapedMs : 0));
    const list = children.get(s.ppid) ?? [];
    list.push(Number(name));
    children.set(s.ppid, list);
  }
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.pop()!;
    total += cpu.get(p) ?? 0;
    queue.push(...(children.get(p) ?? []));
  }
  return total;
}

export interface CpuSample {
  machineMs: number;
  processes: Record<string, number>;
}

/** Each named process with its descendants; the ones named in `alone` without them (the load generator, whose children are the servers). */
export function sampleCpu(pids: Record<string, number>, alone: string[] = ["bench"], reaped: string[] = []): CpuSample {
  const processes: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) processes[name] = processTreeCpuMs(pid, alone.includes(name), reaped.includes(name));
  return { machineMs: machineBusyMs(), processes };
}

export function cpuBetween(a: CpuSample, b: CpuSample): CpuSample {
  const processes: Record<string, number> = {};
  for (const name of Object.keys(a.processes)) processes[name] = (b.processes[name] ?? 0) - a.processes[name]!;
  return { machineMs: b.machineMs - a.machineMs, processes };
}
