import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { processTreeCpuMs } from "@/scripts/bench/cpu";

describe("process CPU from /proc", () => {
  it("counts a child that ended and was waited for only when asked to (a postmaster's ended backends)", () => {
    const before = { live: processTreeCpuMs(process.pid), reaped: processTreeCpuMs(process.pid, false, true) };
    const child = spawnSync(process.execPath, ["-e", "let x = 0; for (let i = 0; i < 1.5e8; i++) x += i; console.log(x > 0)"]);
    expect(child.status).toBe(0);
    const after = { live: processTreeCpuMs(process.pid), reaped: processTreeCpuMs(process.pid, false, true) };
    expect(after.reaped - before.reaped - (after.live - before.live)).toBeGreaterThanOrEqual(100);
  });
});
