// Loaded by scripts/server.ts and the app's workers, each its own copy (tsx and Next's bundle layers), so its state is on globalThis.

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

export function drainingSignal(): AbortSignal {
  return state().draining.signal;
}

export function onDrain(name: string, hook: DrainHook): void {
  state().drains.set(name, hook);
}

export function onClose(name: string, hook: CloseHook): void {
  state().closes.set(name, hook);
}

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
