import { describe, expect, it } from "vitest";
import { prefetchPages } from "@/lib/list/prefetch";

describe("prefetchPages", () => {
  it("keys each first page as the browser asks for it", async () => {
    const fallback = await prefetchPages<{ items: number[] }>("test", { "/api/a?page=1": async () => ({ items: [1] }), "/api/b?page=2": async () => ({ items: [2] }) });
    expect(fallback).toEqual({ "/api/a?page=1": { items: [1], key: "/api/a?page=1" }, "/api/b?page=2": { items: [2], key: "/api/b?page=2" } });
  });

  it("sends no page when one cannot be read, so the browser asks for all and shows the error", async () => {
    const fallback = await prefetchPages<{ items: number[] }>("test", {
      "/api/a": async () => ({ items: [1] }),
      "/api/b": async () => {
        throw new Error("store down");
      },
    });
    expect(fallback).toEqual({});
  });
});
