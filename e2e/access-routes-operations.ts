import { read, write, type RouteCase } from "@/e2e/access-table";

// Alerts, schedules and the home page's tiles for the access table in e2e/access-routes.ts. Writes carry
// invalid bodies or unknown ids on purpose: nothing may be created, sent or started by these checks.

const NO = "00000000-0000-4000-8000-000000000000";

export const OPERATIONS_ROUTES: RouteCase[] = [
  { file: "alerts/channels/route.ts", method: "GET", url: "/api/alerts/channels", expect: read() },
  { file: "alerts/channels/route.ts", method: "POST", url: "/api/alerts/channels", body: { bogus: true }, expect: write({ viewer: 403, operator: 403, admin: 422 }) },
  { file: "alerts/channels/[id]/route.ts", method: "GET", url: `/api/alerts/channels/${NO}`, expect: read(404) },
  { file: "alerts/channels/[id]/route.ts", method: "PATCH", url: `/api/alerts/channels/${NO}`, body: { bogus: true }, expect: write({ viewer: 403, operator: 403, admin: 404 }) },
  { file: "alerts/channels/[id]/route.ts", method: "DELETE", url: `/api/alerts/channels/${NO}`, expect: write({ viewer: 403, operator: 403, admin: 404 }) },
  { file: "alerts/channels/[id]/test/route.ts", method: "POST", url: `/api/alerts/channels/${NO}/test`, expect: write({ viewer: 403, operator: 403, admin: 404 }) },
  { file: "alerts/deliveries/route.ts", method: "GET", url: "/api/alerts/deliveries", expect: read() },
  { file: "home/[tile]/route.ts", method: "GET", url: "/api/home/imports", expect: read() },
  { file: "home/[tile]/route.ts", method: "GET", url: "/api/home/nothing", expect: read(422) },
];
