import { beforeEach, describe, expect, it } from "vitest";
import { closeAll, drainAll, drainingSignal, onClose, onDrain } from "@/lib/jobs/shutdown";

// The stop's two phases as scripts/server.ts runs them; the state is the process's (globalThis), reset per test.

beforeEach(() => {
  delete (globalThis as { consoleShutdown?: unknown }).consoleShutdown;
});

describe("graceful stop hooks", () => {
  it("drain: the signal fires first, every hook runs at once with the deadline, failures are named", async () => {
    const seen: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    onDrain("slow", async (deadlineAt) => {
      seen.push(`slow ${drainingSignal().aborted} ${deadlineAt}`);
      await slow;
    });
    onDrain("failing", () => {
      seen.push("failing");
      throw new Error("store down");
    });
    expect(drainingSignal().aborted).toBe(false);
    const drained = drainAll(1234);
    // Both started before the slow one ended.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual(["slow true 1234", "failing"]);
    release();
    expect(await drained).toEqual([{ hook: "failing", error: "Error: store down" }]);
  });

  it("close: one after another, the last registered first, on past a failure", async () => {
    const order: string[] = [];
    onClose("store", () => void order.push("store"));
    onClose("pool", () => {
      order.push("pool");
      throw new Error("pool gone");
    });
    onClose("figures", async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push("figures");
    });
    expect(await closeAll()).toEqual([{ hook: "pool", error: "Error: pool gone" }]);
    expect(order).toEqual(["figures", "pool", "store"]);
  });

  it("a hook registered again under its name (a module loaded twice) runs once", async () => {
    let runs = 0;
    onDrain("engine", () => void runs++);
    onDrain("engine", () => void runs++);
    expect(await drainAll(0)).toEqual([]);
    expect(runs).toBe(1);
  });
});
