import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scrape } from "@/lib/metrics";

// docs/grafana-dashboard.json asks only for metrics the console exposes, under their exposed names.

describe("the Grafana dashboard", () => {
  it("queries only metrics /metrics answers", async () => {
    const dashboard = readFileSync("docs/grafana-dashboard.json", "utf8");
    const asked = new Set([...dashboard.matchAll(/\b((?:labs_console|process|nodejs)_[a-z_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, "")));
    const exposed = new Set([...(await scrape(async () => ({ queue: { count: 0, oldest: null }, failuresOpen: {} }))).matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!));
    expect(asked.size).toBeGreaterThan(8);
    expect([...asked].filter((name) => !exposed.has(name))).toEqual([]);
  });
});
