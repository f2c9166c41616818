import { E2E_EMULATOR_URL, E2E_UPSTREAM_TOKEN } from "@/test/env";
import type { Escape, Spelling } from "@/emulator/faults";
import type { RequestLogEntry } from "@/emulator/request-log";

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${E2E_EMULATOR_URL}/__emulator${path}`, {
    method,
    headers: { Authorization: `Bearer ${E2E_UPSTREAM_TOKEN}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${method} ${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export interface FaultRule {
  method?: string;
  path?: string;
  times?: number;
  latencyMs?: number;
  kind?: "respond" | "malformed-json" | "html" | "drop" | "drop-mid-body";
  status?: number;
  body?: unknown;
  escape?: Escape | null;
  spell?: Spelling[] | null;
  apply?: "before" | "after";
  retryAfter?: number | string;
}

// The control API answers with the emulator's own log entries.
export type LoggedRequest = RequestLogEntry;

export const emulator = {
  addFault: (rule: FaultRule) => control<{ id: number }>("POST", "/faults", rule),
  clearFaults: () => control<unknown>("DELETE", "/faults"),
  requests: (since = 0) => control<{ requests: LoggedRequest[]; lastSeq: number }>("GET", `/requests?since=${since}`),
  seed: (counts: { warehouses?: number; orders?: number; prefix?: string }) => control<unknown>("POST", "/seed", counts),
};

/** Orders in the emulator, for the ERP tests (they create their own: fresh pending or seeded ids). */
export const emulatorOrders = {
  pending: async (limit: number) => (await control<{ ids: string[] }>("GET", `/orders?state=pending&limit=${limit}`)).ids,
  seed: async (count: number) => (await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: count })).orders.ids,
  seedListed: async (count: number, order: { createdAt: string; source: string; status?: "approved" | "cancelled" | "split" }) =>
    (await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: count, orderCreatedAt: order.createdAt, orderSource: order.source, orderStatus: order.status })).orders.ids,
  /** Transfers orders straight at the emulator's /v1 API, as if someone else had done it. */
  transferDirectly: async (orderIds: string[]) => {
    const res = await fetch(`${E2E_EMULATOR_URL}/v1/action/orders-erp-transfer`, {
      method: "POST",
      headers: { Authorization: `Bearer ${E2E_UPSTREAM_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ orderIds }),
    });
    if (!res.ok) throw new Error(`emulator transfer: HTTP ${res.status}`);
  },
  transferredSince: async (since: number) =>
    (await control<{ requests: LoggedRequest[] }>("GET", `/requests?since=${since}`)).requests
      .filter((r) => r.path === "/v1/action/orders-erp-transfer")
      .flatMap((r) => ((r.body as { orderIds?: string[] } | null)?.orderIds ?? [])),
  lastSeq: async () => (await control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq,
};
