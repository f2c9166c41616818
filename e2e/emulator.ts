import { E2E_EMULATOR_URL, E2E_UPSTREAM_TOKEN } from "./env";

// The emulator's control API, used by tests to seed data, inject faults and read what the
// upstream received. It is reached over HTTP with the emulator's token, like the console does.

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
  apply?: "before" | "after";
}

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorized: boolean;
  status: number | null;
}

export const emulator = {
  addFault: (rule: FaultRule) => control<{ id: number }>("POST", "/faults", rule),
  clearFaults: () => control<unknown>("DELETE", "/faults"),
  requests: (since = 0) => control<{ requests: LoggedRequest[]; lastSeq: number }>("GET", `/requests?since=${since}`),
  seed: (counts: { warehouses?: number; orders?: number; prefix?: string }) => control<unknown>("POST", "/seed", counts),
};
