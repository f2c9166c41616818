import { read, write, type RouteCase } from "@/test/access-table";

// Writes carry invalid bodies or unknown ids on purpose: nothing may be created, sent or started by these checks.

const NO = "00000000-0000-4000-8000-000000000000";

export const OPERATIONS_ROUTES: RouteCase[] = [
  { file: "alerts/channels/route.ts", method: "GET", url: "/api/alerts/channels", expect: read() },
  { file: "alerts/channels/route.ts", method: "POST", url: "/api/alerts/channels", body: { bogus: true }, expect: write({ viewer: 403, operator: 403, admin: 422 }) },
  { file: "alerts/channels/[id]/route.ts", method: "GET", url: `/api/alerts/channels/${NO}`, expect: read(404) },
  { file: "alerts/channels/[id]/route.ts", method: "PATCH", url: `/api/alerts/channels/${NO}`, body: { bogus: true }, expect: write({ viewer: 403, operator: 403, admin: 404 }) },
  { file: "alerts/channels/[id]/route.ts", method: "DELETE", url: `/api/alerts/channels/${NO}`, expect: write({ viewer: 403, operator: 403, admin: 404 }) },
  { file: "alerts/channels/[id]/test/route.ts", method: "POST", url: `/api/alerts/channels/${NO}/test`, expect: write({ viewer: 403, operator: 403, admin: 404 }) },
  { file: "alerts/channels/[id]/digest/route.ts", method: "POST", url: `/api/alerts/channels/${NO}/digest`, expect: write({ viewer: 403, operator: 403, admin: 404 }) },
  { file: "alerts/freshness/route.ts", method: "GET", url: "/api/alerts/freshness", expect: read() },
  { file: "alerts/freshness/route.ts", method: "PUT", url: "/api/alerts/freshness", body: { bogus: true }, expect: write({ viewer: 403, operator: 403, admin: 422 }) },
  { file: "alerts/arrivals/route.ts", method: "GET", url: "/api/alerts/arrivals", expect: read() },
  { file: "alerts/arrivals/route.ts", method: "PUT", url: "/api/alerts/arrivals", body: { bogus: true }, expect: write({ viewer: 403, operator: 403, admin: 422 }) },
  { file: "alerts/deliveries/route.ts", method: "GET", url: "/api/alerts/deliveries", expect: read() },
  { file: "erp/schedules/route.ts", method: "GET", url: "/api/erp/schedules", expect: read() },
  { file: "erp/schedules/route.ts", method: "POST", url: "/api/erp/schedules", body: { bogus: true }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/schedules/[id]/route.ts", method: "PUT", url: `/api/erp/schedules/${NO}`, body: { bogus: true }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/schedules/[id]/route.ts", method: "PATCH", url: `/api/erp/schedules/${NO}`, body: { name: "x" }, expect: write({ viewer: 403, operator: 404, admin: 404 }) },
  { file: "erp/schedules/[id]/route.ts", method: "DELETE", url: `/api/erp/schedules/${NO}`, expect: write({ viewer: 403, operator: 404, admin: 404 }) },
  { file: "erp/schedules/[id]/pause/route.ts", method: "POST", url: `/api/erp/schedules/${NO}/pause`, expect: write({ viewer: 403, operator: 404, admin: 404 }) },
  { file: "erp/schedules/[id]/run/route.ts", method: "POST", url: `/api/erp/schedules/${NO}/run`, expect: write({ viewer: 403, operator: 404, admin: 404 }) },
  { file: "erp/schedules/[id]/resume/route.ts", method: "POST", url: `/api/erp/schedules/${NO}/resume`, expect: write({ viewer: 403, operator: 404, admin: 404 }) },
  { file: "views/route.ts", method: "GET", url: "/api/views?list=warehouses", expect: read() },
  { file: "views/route.ts", method: "POST", url: "/api/views", body: { bogus: true }, expect: write({ viewer: 422, operator: 422, admin: 422 }) },
  { file: "views/[id]/route.ts", method: "PATCH", url: `/api/views/${NO}`, body: { name: "x" }, expect: write({ viewer: 404, operator: 404, admin: 404 }) },
  { file: "views/[id]/route.ts", method: "DELETE", url: `/api/views/${NO}`, expect: write({ viewer: 404, operator: 404, admin: 404 }) },
  { file: "views/default/route.ts", method: "PUT", url: "/api/views/default", body: { list: "warehouses", viewId: NO }, expect: write({ viewer: 404, operator: 404, admin: 404 }) },
  { file: "home/[tile]/route.ts", method: "GET", url: "/api/home/imports", expect: read() },
  { file: "home/[tile]/route.ts", method: "GET", url: "/api/home/calls", expect: read() },
  { file: "home/[tile]/route.ts", method: "GET", url: "/api/home/outcomes", expect: read() },
  { file: "home/[tile]/route.ts", method: "GET", url: "/api/home/nothing", expect: read(422) },
  { file: "home/handovers/route.ts", method: "GET", url: "/api/home/handovers", expect: read() },
  { file: "home/handovers/route.ts", method: "POST", url: "/api/home/handovers", body: { bogus: true }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "home/handovers/[id]/route.ts", method: "GET", url: "/api/home/handovers/999999999", expect: read(404) },
  { file: "home/handovers/[id]/read/route.ts", method: "POST", url: "/api/home/handovers/999999999/read", body: {}, expect: write({ viewer: 404, operator: 404, admin: 404 }) },
  { file: "home/handovers/[id]/send/route.ts", method: "POST", url: "/api/home/handovers/999999999/send", body: { bogus: true }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
];
