import { NO_RUN } from "@/test/access-routes-erp";
import { write, type RouteCase, type Who } from "@/test/access-table";

// The /api/v1 door and the key admin routes. Cookies open nothing under /api/v1 (the e2e matrix proves it on the
// built server); the key columns run in-process against a real store (lib/http/api-access.test.ts).

export type KeyCaller = "none" | "viewer" | "operator" | "revoked" | "expired" | "elsewhere";
export const KEY_CALLERS: readonly KeyCaller[] = ["none", "viewer", "operator", "revoked", "expired", "elsewhere"];

export interface V1RouteCase extends RouteCase {
  keys: Record<KeyCaller, number>;
}

const COOKIES_REFUSED: Record<Who, number> = { anonymous: 401, viewer: 401, operator: 401, admin: 401, "cross-origin": 401 };
const keyRead = (status = 200): Record<KeyCaller, number> => ({ none: 401, viewer: status, operator: status, revoked: 401, expired: 401, elsewhere: 403 });
const keyWrite = (viewer: number, operator: number): Record<KeyCaller, number> => ({ none: 401, viewer, operator, revoked: 401, expired: 401, elsewhere: 403 });
const v1 = (r: Omit<V1RouteCase, "expect">): V1RouteCase => ({ ...r, expect: COOKIES_REFUSED });

// Writes carry invalid bodies, so an allowed caller gets 422 and nothing is created; keys are viewer or operator, never admin.
export const V1_ROUTES: V1RouteCase[] = [
  v1({ file: "v1/warehouses/route.ts", method: "GET", url: "/api/v1/warehouses", keys: keyRead() }),
  v1({ file: "v1/warehouses/route.ts", method: "POST", url: "/api/v1/warehouses", body: { bogus: true }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/warehouses/[id]/route.ts", method: "GET", url: "/api/v1/warehouses/1", keys: keyRead() }),
  v1({ file: "v1/warehouses/[id]/route.ts", method: "PATCH", url: "/api/v1/warehouses/1", body: { bogus: true }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/warehouses/[id]/route.ts", method: "DELETE", url: "/api/v1/warehouses/999999", keys: keyWrite(403, 403) }),
  v1({ file: "v1/transfers/route.ts", method: "GET", url: "/api/v1/transfers", keys: keyRead() }),
  v1({ file: "v1/transfers/route.ts", method: "POST", url: "/api/v1/transfers", body: { orderIds: [] }, headers: { "Idempotency-Key": "access-table-key-1" }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/transfers/[runId]/route.ts", method: "GET", url: `/api/v1/transfers/${NO_RUN}`, keys: keyRead(404) }),
  v1({ file: "v1/transfers/[runId]/stop/route.ts", method: "POST", url: `/api/v1/transfers/${NO_RUN}/stop`, keys: keyWrite(403, 404) }),
  v1({ file: "v1/orders/[orderId]/route.ts", method: "GET", url: "/api/v1/orders/3572228", keys: keyRead() }),
  v1({ file: "v1/imports/route.ts", method: "GET", url: "/api/v1/imports", keys: keyRead() }),
  v1({ file: "v1/imports/route.ts", method: "POST", url: "/api/v1/imports", body: { kind: "orders" }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/failures/route.ts", method: "GET", url: "/api/v1/failures", keys: keyRead() }),
  v1({ file: "v1/failures/route.ts", method: "GET", url: "/api/v1/failures?run=not-a-run-id", keys: keyRead(422) }),
  v1({ file: "v1/failures/count/route.ts", method: "GET", url: "/api/v1/failures/count", keys: keyRead() }),
  // No Idempotency-Key: refused before any group is read.
  v1({ file: "v1/failures/retry/route.ts", method: "POST", url: "/api/v1/failures/retry", body: { meaning: "failed", reasonCode: null, reason: null }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/failures/resolve/route.ts", method: "POST", url: "/api/v1/failures/resolve", body: { meaning: "failed", reasonCode: null, reason: null, note: "" }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/schedules/route.ts", method: "GET", url: "/api/v1/schedules", keys: keyRead() }),
  v1({ file: "v1/schedules/route.ts", method: "POST", url: "/api/v1/schedules", body: { kind: "transfer" }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/schedules/[id]/route.ts", method: "PUT", url: `/api/v1/schedules/${NO_RUN}`, body: { kind: "transfer" }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/schedules/[id]/route.ts", method: "PATCH", url: `/api/v1/schedules/${NO_RUN}`, body: { name: "x" }, keys: keyWrite(403, 404) }),
  v1({ file: "v1/schedules/[id]/route.ts", method: "DELETE", url: `/api/v1/schedules/${NO_RUN}`, keys: keyWrite(403, 404) }),
  v1({ file: "v1/schedules/[id]/pause/route.ts", method: "POST", url: `/api/v1/schedules/${NO_RUN}/pause`, keys: keyWrite(403, 404) }),
  v1({ file: "v1/schedules/[id]/run/route.ts", method: "POST", url: `/api/v1/schedules/${NO_RUN}/run`, keys: keyWrite(403, 404) }),
  v1({ file: "v1/schedules/[id]/resume/route.ts", method: "POST", url: `/api/v1/schedules/${NO_RUN}/resume`, keys: keyWrite(403, 404) }),
  v1({ file: "v1/reconciliations/route.ts", method: "GET", url: "/api/v1/reconciliations", keys: keyRead() }),
  v1({ file: "v1/recoveries/route.ts", method: "GET", url: "/api/v1/recoveries", keys: keyRead() }),
  v1({ file: "v1/recoveries/route.ts", method: "POST", url: "/api/v1/recoveries", body: { from: "2026-11-03T09:10:00Z", to: "2026-11-03T09:00:00Z", name: "x" }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/reconciliations/route.ts", method: "POST", url: "/api/v1/reconciliations", body: { orders: [] }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/reconciliations/[id]/route.ts", method: "GET", url: `/api/v1/reconciliations/${NO_RUN}`, keys: keyRead(404) }),
  v1({ file: "v1/reconciliations/[id]/orders/route.ts", method: "GET", url: `/api/v1/reconciliations/${NO_RUN}/orders`, keys: keyRead(404) }),
  v1({ file: "v1/reconciliations/[id]/queue-never-seen/route.ts", method: "POST", url: `/api/v1/reconciliations/${NO_RUN}/queue-never-seen`, keys: keyWrite(403, 404) }),
  v1({ file: "v1/order-queue/route.ts", method: "GET", url: "/api/v1/order-queue", keys: keyRead() }),
  v1({ file: "v1/order-queue/route.ts", method: "POST", url: "/api/v1/order-queue", body: { orderIds: "3572228" }, keys: keyWrite(403, 422) }),
  v1({ file: "v1/order-queue/route.ts", method: "DELETE", url: "/api/v1/order-queue", body: { orderIds: ["not-an-order"] }, keys: keyWrite(403, 422) }),
  // No Idempotency-Key: refused before anything is taken from the queue.
  v1({ file: "v1/order-queue/send/route.ts", method: "POST", url: "/api/v1/order-queue/send", keys: keyWrite(403, 422) }),
  v1({ file: "v1/transfer-hold/route.ts", method: "GET", url: "/api/v1/transfer-hold", keys: keyRead() }),
  v1({ file: "v1/order-age/route.ts", method: "GET", url: "/api/v1/order-age", keys: keyRead() }),
  v1({ file: "v1/transfer-hold/route.ts", method: "PUT", url: "/api/v1/transfer-hold", body: { held: true }, keys: keyWrite(403, 422) }),
];

// The description holds no secret and tools fetch it before they have a key: every caller reads it, counted against no key.
export const V1_PUBLIC_ROUTES: V1RouteCase[] = [
  {
    file: "v1/openapi.json/route.ts",
    method: "GET",
    url: "/api/v1/openapi.json",
    expect: { anonymous: 200, viewer: 200, operator: 200, admin: 200, "cross-origin": 200 },
    keys: { none: 200, viewer: 200, operator: 200, revoked: 200, expired: 200, elsewhere: 200 },
  },
];

// Key management is the admins': even reading the list (names, addresses, last use) is.
export const KEYS_ROUTES: RouteCase[] = [
  { file: "keys/route.ts", method: "GET", url: "/api/keys", expect: { anonymous: 401, viewer: 403, operator: 403, admin: 200, "cross-origin": 200 } },
  { file: "keys/route.ts", method: "POST", url: "/api/keys", body: { name: "" }, expect: write({ viewer: 403, operator: 403, admin: 422 }) },
  { file: "keys/[id]/route.ts", method: "DELETE", url: `/api/keys/${NO_RUN}`, expect: write({ viewer: 403, operator: 403, admin: 404 }) },
];
