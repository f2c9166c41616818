import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { sample } from "@/test/metrics-text";
import { scrape } from "@/lib/metrics";
import { routeMatcher, timeRequest } from "@/lib/metrics/http";

// Shaped like the build's routes-manifest.json: route groups already gone from `page`.
const MANIFEST = {
  staticRoutes: [
    { page: "/", regex: "^/(?:/)?$" },
    { page: "/api/v1/warehouses", regex: "^/api/v1/warehouses(?:/)?$" },
  ],
  dynamicRoutes: [{ page: "/api/v1/warehouses/[id]", regex: "^/api/v1/warehouses/([^/]+?)(?:/)?$" }],
};
const NAME = "labs_console_http_server_request_duration_seconds";
const text = () => scrape(async () => ({ queue: { count: 0, oldest: null }, failuresOpen: {} }));

describe("HTTP server request durations", () => {
  it("are counted by route template, method and status class, never by the path asked for", async () => {
    const routeOf = routeMatcher(MANIFEST);
    const server = createServer((req, res) => {
      timeRequest(routeOf, req, res);
      res.writeHead(req.url?.startsWith("/api/v1/warehouses/") ? 404 : 200).end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const before = await text();
    try {
      for (const p of ["/api/v1/warehouses/12?page=2", "/api/v1/warehouses/13", "/api/v1/warehouses", "/no/such/page-4711"]) await (await fetch(base + p)).text();
      await (await fetch(`${base}/api/v1/warehouses`, { method: "POST" })).text();
      await (await fetch(`${base}/`, { method: "PROPFIND" })).text();
    } finally {
      await new Promise((r) => server.close(r));
    }
    const after = await text();
    const delta = (labels: Record<string, string>) => sample(after, `${NAME}_count`, labels) - sample(before, `${NAME}_count`, labels);
    expect(delta({ route: "/api/v1/warehouses/[id]", method: "GET", status_class: "4xx" })).toBe(2);
    expect(delta({ route: "/api/v1/warehouses", method: "GET", status_class: "2xx" })).toBe(1);
    expect(delta({ route: "/api/v1/warehouses", method: "POST", status_class: "2xx" })).toBe(1);
    expect(delta({ route: "other", method: "GET", status_class: "2xx" })).toBe(1);
    expect(delta({ route: "/", method: "_OTHER", status_class: "2xx" })).toBe(1);
    expect(after).not.toMatch(/route="[^"]*(12|13|4711)|method="PROPFIND"/);
  });
});
