import { read, write, type RouteCase } from "@/test/access-table";

// Writes carry invalid bodies on purpose: nothing may be created or started by these checks.

export const NO_RUN = "00000000-0000-4000-8000-000000000000";

export const ERP_ROUTES: RouteCase[] = [
  { file: "erp/transfers/route.ts", method: "GET", url: "/api/erp/transfers", expect: read() },
  {
    file: "erp/transfers/route.ts",
    method: "POST",
    url: "/api/erp/transfers",
    body: { orderIds: [] },
    expect: write({ viewer: 403, operator: 422, admin: 422 }),
  },
  { file: "erp/transfers/[runId]/route.ts", method: "GET", url: `/api/erp/transfers/${NO_RUN}`, expect: read(404) },
  { file: "erp/transfers/[runId]/route.ts", method: "GET", url: "/api/erp/transfers/not-a-run-id", expect: read(422) },
  { file: "erp/transfers/[runId]/stop/route.ts", method: "POST", url: `/api/erp/transfers/${NO_RUN}/stop`, expect: write({ viewer: 403, operator: 404, admin: 404 }) },
  { file: "erp/transfers/[runId]/export/route.ts", method: "GET", url: `/api/erp/transfers/${NO_RUN}/export`, expect: read(404) },
  { file: "erp/queue/route.ts", method: "GET", url: "/api/erp/queue", expect: read() },
  { file: "erp/queue/route.ts", method: "POST", url: "/api/erp/queue", body: { orderIds: "3572228" }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/queue/route.ts", method: "DELETE", url: "/api/erp/queue", body: { orderIds: ["not-an-order"] }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  // No Idempotency-Key: refused before anything is taken from the queue.
  { file: "erp/queue/send/route.ts", method: "POST", url: "/api/erp/queue/send", expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/hold/route.ts", method: "GET", url: "/api/erp/hold", expect: read() },
  { file: "erp/hold/route.ts", method: "PUT", url: "/api/erp/hold", body: { held: true }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/imports/route.ts", method: "GET", url: "/api/erp/imports", expect: read() },
  {
    file: "erp/imports/route.ts",
    method: "POST",
    url: "/api/erp/imports",
    body: { kind: "orders" },
    expect: write({ viewer: 403, operator: 422, admin: 422 }),
  },
  { file: "erp/orders/[orderId]/route.ts", method: "GET", url: "/api/erp/orders/3572228", expect: read() },
  { file: "erp/orders/[orderId]/route.ts", method: "GET", url: "/api/erp/orders/not-an-order", expect: read(422) },
  { file: "erp/orders/transferred/route.ts", method: "POST", url: "/api/erp/orders/transferred", body: { orderIds: ["x"] }, expect: write({ viewer: 422, operator: 422, admin: 422 }) },
  { file: "erp/failures/route.ts", method: "GET", url: "/api/erp/failures", expect: read() },
  { file: "erp/failures/route.ts", method: "GET", url: "/api/erp/failures?run=not-a-run-id", expect: read(422) },
  { file: "erp/failures/count/route.ts", method: "GET", url: "/api/erp/failures/count", expect: read() },
  { file: "erp/failures/retry/route.ts", method: "POST", url: "/api/erp/failures/retry", body: { meaning: "done" }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/failures/resolve/route.ts", method: "POST", url: "/api/erp/failures/resolve", body: { meaning: "failed" }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/reconciliations/route.ts", method: "GET", url: "/api/erp/reconciliations", expect: read() },
  { file: "erp/recoveries/route.ts", method: "GET", url: "/api/erp/recoveries", expect: read() },
  { file: "erp/recoveries/route.ts", method: "POST", url: "/api/erp/recoveries", body: { from: "2026-11-03T09:10:00Z", to: "2026-11-03T09:00:00Z", name: "x" }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/reconciliations/route.ts", method: "POST", url: "/api/erp/reconciliations", body: { orders: [] }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/reconciliations/upload/route.ts", method: "POST", url: "/api/erp/reconciliations/upload", body: { fileName: "orders.csv", content: "not base64!" }, expect: write({ viewer: 403, operator: 422, admin: 422 }) },
  { file: "erp/reconciliations/[id]/route.ts", method: "GET", url: `/api/erp/reconciliations/${NO_RUN}`, expect: read(404) },
  { file: "erp/reconciliations/[id]/orders/route.ts", method: "GET", url: `/api/erp/reconciliations/${NO_RUN}/orders`, expect: read(404) },
  { file: "erp/reconciliations/[id]/export/route.ts", method: "GET", url: `/api/erp/reconciliations/${NO_RUN}/export`, expect: read(404) },
  { file: "erp/reconciliations/[id]/queue-never-seen/route.ts", method: "POST", url: `/api/erp/reconciliations/${NO_RUN}/queue-never-seen`, expect: write({ viewer: 403, operator: 404, admin: 404 }) },
];
