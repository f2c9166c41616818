import { beforeEach, describe, expect, it } from "vitest";
import { forget, hasStarted, once, startedOnce } from "@/lib/jobs/once";

// The start-once registry is the process's (globalThis), reset per test.

beforeEach(() => {
  delete (globalThis as { consoleOnce?: unknown }).consoleOnce;
});

describe("once", () => {
  it("says started only after a start succeeded, and no longer once forgotten", async () => {
    let release!: () => void;
    const starting = once("engine", () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(hasStarted("engine")).toBe(false);
    release();
    await starting;
    expect(hasStarted("engine")).toBe(true);
    forget("engine");
    expect(hasStarted("engine")).toBe(false);
    await once("broken", async () => Promise.reject(new Error("store down"))).catch(() => undefined);
    expect(hasStarted("broken")).toBe(false);
  });

  it("starts once for concurrent callers, who all get the one result", async () => {
    let starts = 0;
    let release!: (value: string) => void;
    const start = () => {
      starts++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const callers = [once("engine", start), once("engine", start), once("engine", start)];
    await new Promise((resolve) => setTimeout(resolve, 5));
    release("boss");
    expect(await Promise.all(callers)).toEqual(["boss", "boss", "boss"]);
    expect(await once("engine", start)).toBe("boss");
    expect(starts).toBe(1);
  });

  it("forgets a failed start, so the next call starts again", async () => {
    let starts = 0;
    const start = async () => {
      if (++starts === 1) throw new Error("store down");
      return "boss";
    };
    const [first, second] = await Promise.allSettled([once("engine", start), once("engine", start)]);
    expect(first).toEqual({ status: "rejected", reason: new Error("store down") });
    expect(second).toEqual(first);
    expect(await once("engine", start)).toBe("boss");
    expect(starts).toBe(2);
  });

  it("keeps names apart, and forget() lets a name start again", async () => {
    let starts = 0;
    const start = async () => ++starts;
    expect(startedOnce("alerts")).toBeUndefined();
    expect(await once("alerts", start)).toBe(1);
    expect(await startedOnce("alerts")).toBe(1);
    expect(await once("schedules", start)).toBe(2);
    expect(await forget("alerts")).toBe(1);
    expect(forget("nothing")).toBeUndefined();
    expect(await once("alerts", start)).toBe(3);
    expect(await once("schedules", start)).toBe(2);
  });
});
