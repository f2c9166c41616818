// The process's graceful stop, shared by the HTTP server (scripts/server.ts) and the app's workers, without
// "server-only": both load this module, each its own copy (tsx and Next's bundle layers), so its state is on globalThis.
//
// Two phases: `drain` (workers finish or hand back what they hold, up to a deadline) while the server finishes the
// requests in flight, then `close` (the last writes, pools, the store) once nothing uses them any more.

export type DrainHook = (deadlineAt: number) => Promise<void> | void;
export type CloseHook = () => Promise<void> | void;

interface Shutdown {
  draining: AbortController;
  // By name: a module loaded twice registers its hook once.
  drains: Map<string, DrainHook>;
  closes: Map<string, CloseHook>;
}

export interface HookFailure {
  hook: string;
  error: string;
}

const g = globalThis as unknown as { consoleShutdown?: Shutdown };

function state(): Shutdown {
  return (g.consoleShutdown ??= { draining: new AbortController(), drains: new Map(), closes: new Map() });
}

/** Aborted when the process begins to stop: a worker takes no new work and gives back what it cannot finish. */
export function drainingSignal(): AbortSignal {
  return state().draining.signal;
}

/** Runs at the stop's start, all together, with the deadline (epoch ms) to be done by. */
export function onDrain(name: string, hook: DrainHook): void {
  state().drains.set(name, hook);
}

/** Runs once every drain hook and every request in flight is done, one after another, the last registered first. */
export function onClose(name: string, hook: CloseHook): void {
  state().closes.set(name, hook);
}

/** Fires the draining signal and waits for every drain hook; what failed (an empty list after a clean drain). */
export async function drainAll(deadlineAt: number): Promise<HookFailure[]> {
  const s = state();
  s.draining.abort();
  const hooks = [...s.drains];
  const results = await Promise.allSettled(hooks.map(async ([, hook]) => hook(deadlineAt)));
  return failures(hooks.map(([name]) => name), results);
}

export async function closeAll(): Promise<HookFailure[]> {
  const hooks = [...state().closes].reverse();
  const results: PromiseSettledResult<void>[] = [];
  for (const [, hook] of hooks) results.push(...(await Promise.allSettled([Promise.resolve().then(hook)])));
  return failures(hooks.map(([name]) => name), results);
}

function failures(names: string[], results: PromiseSettledResult<unknown>[]): HookFailure[] {
  return results.flatMap((r, i) => (r.status === "rejected" ? [{ hook: names[i]!, error: String(r.reason) }] : []));
}
