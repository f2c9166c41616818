import { describe, expect, it, vi } from "vitest";
import { UpstreamError, isUpstreamError } from "@/lib/upstream/errors";

const init = { kind: "http", operation: "list warehouses", status: 503, mayHaveActed: false, detail: "upstream error, HTTP 503" } as const;

describe("isUpstreamError", () => {
  it("knows the client's error", () => {
    expect(isUpstreamError(new UpstreamError(init))).toBe(true);
    expect(isUpstreamError(new Error("list warehouses: upstream error"))).toBe(false);
    expect(isUpstreamError({ kind: "http", status: 503 })).toBe(false);
    expect(isUpstreamError(null)).toBe(false);
  });

  it("knows one thrown by another bundle's copy of the module", async () => {
    // A fresh module instance stands in for the page bundle that built the shared warehouse index.
    vi.resetModules();
    const other = await import("@/lib/upstream/errors");
    expect(other.UpstreamError).not.toBe(UpstreamError);
    const foreign = new other.UpstreamError(init);
    expect(foreign instanceof UpstreamError).toBe(false);
    expect(isUpstreamError(foreign)).toBe(true);
  });
});
