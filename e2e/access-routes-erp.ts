import type { RouteCase } from "./access-table";

// The ERP route handlers for the access table in e2e/api-access.spec.ts. Writes carry invalid
// bodies on purpose: nothing may be created or started by these checks.

const NO_RUN = "00000000-0000-4000-8000-000000000000";

export const ERP_ROUTES: RouteCase[] = [
  {
    file: "erp/transfers/route.ts",
    method: "GET",
    url: "/api/erp/transfers",
    expect: { anonymous: 401, viewer: 200, operator: 200, admin: 200 },
  },
  {
    file: "erp/transfers/route.ts",
    method: "POST",
    url: "/api/erp/transfers",
    body: { orderIds: [] },
    expect: { anonymous: 401, viewer: 403, operator: 422, admin: 422, "cross-origin": 403 },
  },
  {
    file: "erp/transfers/[runId]/route.ts",
    method: "GET",
    url: `/api/erp/transfers/${NO_RUN}`,
    expect: { anonymous: 401, viewer: 404, operator: 404, admin: 404 },
  },
  {
    file: "erp/transfers/[runId]/route.ts",
    method: "GET",
    url: "/api/erp/transfers/not-a-run-id",
    expect: { anonymous: 401, viewer: 422 },
  },
  {
    file: "erp/transfers/[runId]/export/route.ts",
    method: "GET",
    url: `/api/erp/transfers/${NO_RUN}/export`,
    expect: { anonymous: 401, viewer: 404, admin: 404 },
  },
  {
    file: "erp/imports/route.ts",
    method: "GET",
    url: "/api/erp/imports",
    expect: { anonymous: 401, viewer: 200, operator: 200, admin: 200 },
  },
  {
    file: "erp/imports/route.ts",
    method: "POST",
    url: "/api/erp/imports",
    body: { kind: "orders" },
    expect: { anonymous: 401, viewer: 403, operator: 422, admin: 422, "cross-origin": 403 },
  },
];
