import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { parseServerEnv } from "@/lib/config/env";
import { callRoute } from "@/test/in-process-console";
import { openTestStore } from "@/test/store";

// /api/alerts/freshness in-process: the real wrapper and store; only the session, the store's door and the config are stubbed.

const ENV = { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: "freshness-test-upstream-token", AUTH_SECRET: "freshness-test-auth-secret-0123456789", CONSOLE_URL: "http://console.test", LABS_DEMO_MODE: "1" };
const state = stubDoors({
  member: null as null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" },
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  config: () => parseServerEnv(ENV),
});

const ADMIN = { id: 1, email: "admin@demo.local", name: "Ada Admin", role: "admin" as const };
const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };

beforeAll(async () => {
  state.store = await openTestStore();
  state.conn = state.store.db;
});

afterAll(async () => {
  await state.store.close();
});

const hoursOf = async () => Object.fromEntries(((await (await callRoute("GET", "/api/alerts/freshness")).json()).rules as { kind: string; hours: number | null }[]).map((r) => [r.kind, r.hours]));

describe("/api/alerts/freshness", () => {
  it("is off for every kind by default; an admin sets, changes and clears a kind's hours, audited", async () => {
    state.member = OPERATOR;
    expect(await hoursOf()).toEqual({ products: null, prices: null, stock: null });
    expect((await callRoute("PUT", "/api/alerts/freshness", { kind: "stock", hours: 6 })).status).toBe(403);

    state.member = ADMIN;
    expect((await callRoute("PUT", "/api/alerts/freshness", { kind: "stock", hours: 6 })).status).toBe(200);
    await state.conn.updateTable("alert_freshness_rules").set({ alerted_at: new Date() }).execute();
    const changed = await (await callRoute("PUT", "/api/alerts/freshness", { kind: "stock", hours: 8 })).json();
    // A changed rule starts a new spell.
    expect(changed.rules.find((r: { kind: string }) => r.kind === "stock")).toMatchObject({ hours: 8, alertedAt: null, updatedBy: "admin@demo.local" });
    expect(await hoursOf()).toEqual({ products: null, prices: null, stock: 8 });
    expect((await callRoute("PUT", "/api/alerts/freshness", { kind: "stock", hours: null })).status).toBe(200);
    expect(await hoursOf()).toEqual({ products: null, prices: null, stock: null });
    const audit = await state.conn.selectFrom("audit_events").select(["action", "target_id"]).where("action", "=", "alert_freshness.update").execute();
    expect(audit).toHaveLength(3);
  });

  it("answers bad hours or an unknown kind with a 422 naming the field", async () => {
    state.member = ADMIN;
    for (const [body, field] of [
      [{ kind: "stock", hours: 0 }, "hours"],
      [{ kind: "stock", hours: 337 }, "hours"],
      [{ kind: "stock", hours: 1.5 }, "hours"],
      [{ kind: "stock", hours: "6" }, "hours"],
      [{ kind: "orders", hours: 6 }, "kind"],
    ] as const) {
      const res = await callRoute("PUT", "/api/alerts/freshness", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await res.json()).errors), JSON.stringify(body)).toEqual([field]);
    }
    expect(await hoursOf()).toEqual({ products: null, prices: null, stock: null });
  });
});
