// On globalThis: Next may load a module once per bundle layer, and every copy must share one start.

const g = globalThis as unknown as { consoleOnce?: Map<string, Promise<unknown>>; consoleDone?: Set<string> };
const done = (g.consoleDone ??= new Set());

function started(): Map<string, Promise<unknown>> {
  return (g.consoleOnce ??= new Map());
}

/** Runs `start` the first time `name` is asked for; every caller (concurrent ones too) shares its promise. A failed start is forgotten, so the next call tries again. */
export function once<T>(name: string, start: () => Promise<T>): Promise<T> {
  const map = started();
  let promise = map.get(name) as Promise<T> | undefined;
  if (!promise) {
    promise = Promise.resolve()
      .then(start)
      .then((value) => {
        if (map.get(name) === promise) done.add(name);
        return value;
      })
      .catch((error: unknown) => {
        if (map.get(name) === promise) map.delete(name);
        throw error;
      });
    map.set(name, promise);
  }
  return promise;
}

export function startedOnce<T>(name: string): Promise<T> | undefined {
  return started().get(name) as Promise<T> | undefined;
}

export function hasStarted(name: string): boolean {
  return done.has(name) && started().has(name);
}

export function forget<T>(name: string): Promise<T> | undefined {
  const promise = started().get(name) as Promise<T> | undefined;
  started().delete(name);
  done.delete(name);
  return promise;
}
