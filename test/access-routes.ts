import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { read, write, type RouteCase } from "@/test/access-table";
import { ERP_ROUTES } from "@/test/access-routes-erp";
import { OPERATIONS_ROUTES } from "@/test/access-routes-operations";
import { KEYS_ROUTES, V1_PUBLIC_ROUTES, V1_ROUTES } from "@/test/access-routes-v1";

// Every route handler and method with its status per caller; writes carry invalid bodies so nothing is created.

const NOT_SENT = { email: "x", name: "", role: "nope" };

export const ROUTES: RouteCase[] = [
  ...ERP_ROUTES,
  ...OPERATIONS_ROUTES,
  ...V1_ROUTES,
  ...V1_PUBLIC_ROUTES,
  ...KEYS_ROUTES,
  {
    file: "health/route.ts",
    method: "GET",
    url: "/api/health",
    // No session needed: it says only whether the upstream answers.
    expect: { anonymous: 200, viewer: 200, operator: 200, admin: 200, "cross-origin": 200 },
  },
  {
    file: "ping/route.ts",
    method: "GET",
    url: "/api/ping",
    // The framework floor for benchmarks: no session, no upstream, nothing to reveal.
    expect: { anonymous: 200, viewer: 200, operator: 200, admin: 200, "cross-origin": 200 },
  },
  // The signed-in floor for benchmarks: the session and role check alone.
  { file: "ping/session/route.ts", method: "GET", url: "/api/ping/session", expect: read() },
  { file: "team/route.ts", method: "GET", url: "/api/team", expect: read() },
  { file: "team/route.ts", method: "POST", url: "/api/team", body: NOT_SENT, expect: write({ viewer: 403, operator: 403, admin: 422 }) },
  {
    file: "team/[id]/route.ts",
    method: "PATCH",
    url: "/api/team/999999",
    body: { role: "viewer" },
    expect: write({ viewer: 403, operator: 403, admin: 404 }),
  },
  // "Sign out everywhere" for oneself: any role may, but only with { confirm: true }; this body is refused, so no session ends.
  { file: "auth/sessions/end-all/route.ts", method: "POST", url: "/api/auth/sessions/end-all", body: { confirm: false }, expect: write({ viewer: 422, operator: 422, admin: 422 }) },
  { file: "activity/route.ts", method: "GET", url: "/api/activity", expect: read() },
  { file: "activity/export/route.ts", method: "GET", url: "/api/activity/export", expect: read() },
  { file: "warehouses/route.ts", method: "GET", url: "/api/warehouses", expect: read() },
  {
    file: "warehouses/route.ts",
    method: "POST",
    url: "/api/warehouses",
    body: { bogus: true },
    expect: write({ viewer: 403, operator: 422, admin: 422 }),
  },
  { file: "warehouses/[id]/route.ts", method: "GET", url: "/api/warehouses/1", expect: read() },
  {
    file: "warehouses/[id]/route.ts",
    method: "PUT",
    url: "/api/warehouses/1",
    body: { bogus: true },
    expect: write({ viewer: 403, operator: 422, admin: 422 }),
  },
  {
    file: "warehouses/[id]/route.ts",
    method: "DELETE",
    url: "/api/warehouses/999999",
    expect: write({ viewer: 403, operator: 403, admin: 404 }),
  },
  {
    file: "warehouses/bulk/route.ts",
    method: "POST",
    url: "/api/warehouses/bulk",
    body: { ids: [], isActive: false },
    expect: write({ viewer: 403, operator: 422, admin: 422 }),
  },
  { file: "warehouses/code-check/route.ts", method: "GET", url: "/api/warehouses/code-check?code=ONLINE", expect: read() },
  { file: "warehouses/export/route.ts", method: "GET", url: "/api/warehouses/export", expect: read() },
];

/** Auth.js's own endpoints (CSRF-protected by it) are not console route handlers. */
export const EXEMPT_FILES = new Set(["auth/[...nextauth]/route.ts"]);

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const API_DIR = path.join(process.cwd(), "app", "api");

export function routeFiles(dir = API_DIR, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.name === "route.ts"
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

export function exportedMethods(file: string): string[] {
  const source = readFileSync(path.join(API_DIR, file), "utf8");
  const declared = /\b(?:route|apiRoute)\(\{([^}]*)\}\)/.exec(source)?.[1] ?? "";
  return HTTP_METHODS.filter((m) => new RegExp(`export\\s+(?:const\\s+${m}\\b|(?:async\\s+)?function\\s+${m}\\b)`).test(source) || new RegExp(`\\b${m}:`).test(declared));
}
