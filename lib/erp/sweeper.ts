// A periodic background job: one pass now, then one per interval, never two at once. Free of
// "server-only" and of the store so that its timing can be tested on its own.

export interface SweeperOptions {
  intervalMs: number;
  onError: (error: unknown) => void;
}

/** Runs `sweep` now and every `intervalMs`; a pass still running skips the tick. Returns a stop. */
export function startSweeper(sweep: () => Promise<unknown>, options: SweeperOptions): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void sweep()
      .catch(options.onError)
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  // The sweeper never keeps a process (a build worker, a test) alive on its own.
  timer.unref?.();
  return () => clearInterval(timer);
}
