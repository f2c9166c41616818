// A periodic job (now, then each interval, never two passes at once), apart from the store so its timing is testable.

export interface SweeperOptions {
  intervalMs: number;
  onError: (error: unknown) => void;
}

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
