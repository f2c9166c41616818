import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { RouteCase, Who } from "./access-table";
import { ERP_ROUTES } from "./access-routes-erp";
import { E2E_BASE_URL, storageStateFor, type E2ERole } from "./env";

// Every route handler and method against anonymous, each role and a cross-origin write. A new
// route under app/api must be added here, or the first test fails.

const NOT_SENT = { email: "x", name: "", role: "nope" }; // invalid on purpose: nothing may be created

const ROUTES: RouteCase[] = [
  ...ERP_ROUTES,
  { file: "health/route.ts", method: "GET", url: "/api/health", expect: { anonymous: 200, viewer: 200 } },
  { file: "ping/route.ts", method: "GET", url: "/api/ping", expect: { anonymous: 200, viewer: 200 } },
  { file: "team/route.ts", method: "GET", url: "/api/team", expect: { anonymous: 401, viewer: 200, operator: 200, admin: 200 } },
  {
    file: "team/route.ts",
    method: "POST",
    url: "/api/team",
    body: NOT_SENT,
    expect: { anonymous: 401, viewer: 403, operator: 403, admin: 422, "cross-origin": 403 },
  },
  {
    file: "team/[id]/route.ts",
    method: "PATCH",
    url: "/api/team/999999",
    body: { role: "viewer" },
    expect: { anonymous: 401, viewer: 403, operator: 403, admin: 404, "cross-origin": 403 },
  },
  { file: "activity/route.ts", method: "GET", url: "/api/activity", expect: { anonymous: 401, viewer: 200, admin: 200 } },
  { file: "warehouses/route.ts", method: "GET", url: "/api/warehouses", expect: { anonymous: 401, viewer: 200, operator: 200 } },
  {
    file: "warehouses/route.ts",
    method: "POST",
    url: "/api/warehouses",
    body: { bogus: true },
    expect: { anonymous: 401, viewer: 403, operator: 422, admin: 422, "cross-origin": 403 },
  },
  { file: "warehouses/[id]/route.ts", method: "GET", url: "/api/warehouses/1", expect: { anonymous: 401, viewer: 200 } },
  {
    file: "warehouses/[id]/route.ts",
    method: "PUT",
    url: "/api/warehouses/1",
    body: { bogus: true },
    expect: { anonymous: 401, viewer: 403, operator: 422, "cross-origin": 403 },
  },
  {
    file: "warehouses/[id]/route.ts",
    method: "DELETE",
    url: "/api/warehouses/999999",
    expect: { anonymous: 401, viewer: 403, operator: 403, admin: 404, "cross-origin": 403 },
  },
  {
    file: "warehouses/bulk/route.ts",
    method: "POST",
    url: "/api/warehouses/bulk",
    body: { ids: [], isActive: false },
    expect: { anonymous: 401, viewer: 403, operator: 422, "cross-origin": 403 },
  },
  { file: "warehouses/code-check/route.ts", method: "GET", url: "/api/warehouses/code-check?code=ONLINE", expect: { anonymous: 401, viewer: 200 } },
  { file: "warehouses/export/route.ts", method: "GET", url: "/api/warehouses/export", expect: { anonymous: 401, viewer: 200 } },
  { file: "activity/export/route.ts", method: "GET", url: "/api/activity/export", expect: { anonymous: 401, viewer: 200 } },
];

// Auth.js's own endpoints (CSRF-protected by it) are not console route handlers.
const EXEMPT = new Set(["auth/[...nextauth]/route.ts"]);

function routeFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.name === "route.ts"
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

test("every route handler is in the access table", () => {
  const files = routeFiles(path.join(process.cwd(), "app", "api")).filter((f) => !EXEMPT.has(f));
  const covered = new Set(ROUTES.map((r) => r.file));
  expect(files.filter((f) => !covered.has(f))).toEqual([]);
});

for (const route of ROUTES) {
  for (const [who, status] of Object.entries(route.expect) as [Who, number][]) {
    test(`${route.method} ${route.url} as ${who} -> ${status}`, async ({ playwright }) => {
      const role: E2ERole | null = who === "anonymous" ? null : who === "cross-origin" ? "admin" : who;
      const api = await playwright.request.newContext({
        baseURL: E2E_BASE_URL,
        storageState: role ? storageStateFor(role) : { cookies: [], origins: [] },
        extraHTTPHeaders: { Origin: who === "cross-origin" ? "http://evil.example" : E2E_BASE_URL },
      });
      const res = await api.fetch(route.url, { method: route.method, data: route.body, headers: route.headers });
      expect(res.status()).toBe(status);
      if (status >= 400) {
        expect(res.headers()["content-type"]).toContain("application/problem+json");
        const body = await res.json();
        expect(body.status).toBe(status);
        if (status === 403 && who !== "cross-origin") expect(body.detail).toMatch(/Your role \(\w+\) may not/);
      }
      await api.dispose();
    });
  }
}
