import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { parseServerEnv } from "@/lib/config/env";
import { callRoute } from "@/test/in-process-console";
import { openTestStore } from "@/test/store";
import { closedPort, startReceiver } from "@/test/alert-servers";

// The handover routes in-process: the real wrapper, store and alert sender to real receivers; only the session, the store's door and the config are stubbed.

const SIGNING = "signing-secret-for-handover-test";
const ENV = { LABS_API_URL: "http://127.0.0.1:9", LABS_API_TOKEN: "handover-test-upstream-token", AUTH_SECRET: "handover-test-auth-secret-0123456789", CONSOLE_URL: "http://console.test", LABS_DEMO_MODE: "1" };
const state = stubDoors({
  member: null as null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" },
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  config: () => parseServerEnv(ENV),
});

const ADMIN = { id: 1, email: "admin@demo.local", name: "Ada Admin", role: "admin" as const };
const OPERATOR = { id: 2, email: "operator@demo.local", name: "Onur Operator", role: "operator" as const };
const VIEWER = { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const };
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  state.store = await openTestStore();
  state.conn = state.store.db;
  receiver = await startReceiver(SIGNING);
});
afterAll(async () => {
  await receiver.close();
  await state.store.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

async function channel(name: string, url: string): Promise<string> {
  state.member = ADMIN;
  const res = await callRoute("POST", "/api/alerts/channels", { name, kind: "webhook", enabled: true, events: ["transfer.attention"], url, signingSecret: SIGNING });
  expect(res.status).toBe(201);
  return ((await res.json()) as { channel: { id: string } }).channel.id;
}

describe("the shift handover routes", () => {
  it("an operator writes one in their language, a viewer may not, and others see it pinned until each marks it read", async () => {
    state.member = VIEWER;
    expect((await callRoute("POST", "/api/home/handovers", {})).status).toBe(403);
    state.member = OPERATOR;
    const written = await callRoute("POST", "/api/home/handovers", {}, { cookie: "locale=tr" });
    expect(written.status).toBe(201);
    const { handover } = (await written.json()) as { handover: { id: number; body: string } };
    expect(handover.body).toMatch(/^Vardiya devri, .+ yazan: Onur Operator/);
    expect((await callRoute("POST", "/api/home/handovers", { note: "x" })).status).toBe(422);
    expect(((await (await callRoute("GET", "/api/home/handovers")).json()) as { handover: unknown }).handover).toBeNull();

    state.member = VIEWER;
    expect(((await (await callRoute("GET", "/api/home/handovers")).json()) as { handover: { id: number } }).handover.id).toBe(handover.id);
    expect((await callRoute("POST", `/api/home/handovers/${handover.id}/read`, {})).status).toBe(200);
    expect(((await (await callRoute("GET", "/api/home/handovers")).json()) as { handover: unknown }).handover).toBeNull();
    state.member = ADMIN;
    expect(((await (await callRoute("GET", "/api/home/handovers")).json()) as { handover: { id: number } }).handover.id).toBe(handover.id);
    expect((await callRoute("POST", "/api/home/handovers/999999/read", {})).status).toBe(404);
    const audit = await state.conn.selectFrom("audit_events").select(["action", "message"]).where("action", "=", "handover.write").execute();
    expect(audit.at(-1)?.message).toMatch(/^Shift handover written for /);
  });

  it("sends through an alert channel, and a receiver that is down answers with an error naming the channel field, audited", async () => {
    const up = await channel("Ops hook", `${receiver.url}/hooks/handover`);
    const down = await channel("Dead hook", `http://127.0.0.1:${await closedPort()}/hooks`);
    state.member = OPERATOR;
    const { handover } = (await (await callRoute("POST", "/api/home/handovers", {})).json()) as { handover: { id: number; body: string } };

    const sent = await callRoute("POST", `/api/home/handovers/${handover.id}/send`, { channelId: up });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ channel: "Ops hook" });
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: "handover", title: handover.body.split("\n")[0] });

    const failed = await callRoute("POST", `/api/home/handovers/${handover.id}/send`, { channelId: down });
    expect(failed.status).toBe(422);
    expect(failed.headers.get("content-type")).toContain("application/problem+json");
    expect(Object.keys(((await failed.json()) as { errors: Record<string, string[]> }).errors)).toEqual(["channelId"]);
    const unknown = await callRoute("POST", `/api/home/handovers/${handover.id}/send`, { channelId: "no-such-channel" });
    expect(unknown.status).toBe(422);
    state.member = VIEWER;
    expect((await callRoute("POST", `/api/home/handovers/${handover.id}/send`, { channelId: up })).status).toBe(403);
    const audit = await state.conn.selectFrom("audit_events").select(["outcome", "message"]).where("action", "=", "handover.send").orderBy("id").execute();
    expect(audit.map((a) => a.outcome)).toEqual(["success", "failure"]);
    expect(audit[1]!.message).toMatch(/^Shift handover not taken by Dead hook/);
  });
});
