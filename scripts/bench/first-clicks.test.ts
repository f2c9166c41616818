import { describe, expect, it } from "vitest";
import { firstClickTargets, type FirstClicks } from "@/scripts/bench/first-clicks";

const clicks = (signInMs: number, toWarehousesMs: number) => ({ runs: 10, signInMs, toWarehousesMs }) as FirstClicks;
const KIB = 1024;

describe("first-click targets", () => {
  it("meets each figure at its limit and misses it just over", () => {
    const pages = [{ route: "/", gzipBytes: 200 * KIB }];
    const at = firstClickTargets(clicks(1000, 500), { lcpMs: 600, fcpMs: 500, loads: 10 }, pages);
    expect(at.map((t) => [t.value, t.met])).toEqual([
      [1000, true],
      [500, true],
      [600, true],
      [200, true],
    ]);
    const over = firstClickTargets(clicks(1000.1, 500.1), { lcpMs: 600.1, fcpMs: 500, loads: 10 }, [{ route: "/", gzipBytes: 200 * KIB + 1 }]);
    expect(over.map((t) => t.met)).toEqual([false, false, false, false]);
  });

  it("names the largest page and every page over the limit", () => {
    const pages = [
      { route: "/warehouses", gzipBytes: 190 * KIB },
      { route: "/team/keys", gzipBytes: 343 * KIB },
      { route: "/erp", gzipBytes: 228 * KIB },
    ];
    const js = firstClickTargets(clicks(100, 100), { lcpMs: 200, fcpMs: 200, loads: 10 }, pages)[3]!;
    expect(js).toMatchObject({ value: 343, met: false });
    expect(js.target).toContain("largest /team/keys; over: /team/keys, /erp");
    expect(js.target).not.toContain("/warehouses");
  });
});
