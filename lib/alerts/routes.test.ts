import type { Kysely } from "kysely";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/db/open";
import type { Database } from "@/lib/db/schema";
import { openTestStore } from "@/lib/testing/store";
import { closedPort, startReceiver, startSilent, startSmtp } from "@/lib/alerts/test-servers";

// The /api/alerts handlers in-process: the real wrapper, store, job engine and receivers; only the session, the store's door and the config are stubbed.

const ORIGIN = "http://console.test";
const SECRET_URL_PART = "T0HOOKSECRET9b7c";
const SIGNING = "signing-secret-for-routes-test";
const state = vi.hoisted(() => ({
  member: null as null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" },
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
}));

vi.mock("@/lib/auth/session", () => ({ getCurrentMember: async () => state.member }));
vi.mock("@/lib/db", () => ({ db: async () => state.conn, store: async () => state.store }));
vi.mock("@/lib/config", () => ({
  getConfig: () => ({
    consoleUrl: "http://console.test",
    authSecret: "routes-test-auth-secret-0123456789",
    jobs: { heartbeatSeconds: 10, superviseSeconds: 1 },
    alerts: { platformSilentMinutes: 10, retryLimit: 1, retryDelaySeconds: 1, sendTimeoutMs: 10_000, smtpVerifyTimeoutMs: 1_000 },
  }),
}));

const channels = await import("@/app/api/alerts/channels/route");
const oneChannel = await import("@/app/api/alerts/channels/[id]/route");
const testRoute = await import("@/app/api/alerts/channels/[id]/test/route");
const deliveries = await import("@/app/api/alerts/deliveries/route");
const { stopAlertJobs } = await import("@/lib/alerts/jobs");
const { raiseAlert } = await import("@/lib/alerts/events");

const ADMIN = { id: 1, email: "admin@demo.local", name: "Ada Admin", role: "admin" as const };
const VIEWER = { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const };

function req(method: string, url: string, body?: unknown) {
  return new NextRequest(`${ORIGIN}${url}`, {
    method,
    headers: { host: "console.test", ...(method === "GET" ? {} : { origin: ORIGIN, "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const noParams = { params: Promise.resolve({} as Record<string, never>) };
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });

let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  state.store = await openTestStore();
  state.conn = state.store.db;
  receiver = await startReceiver(SIGNING);
});

afterAll(async () => {
  await stopAlertJobs();
  await receiver.close();
  await state.store.close();
});

beforeEach(async () => {
  state.member = ADMIN;
  await state.conn.deleteFrom("alert_deliveries").execute();
  await state.conn.deleteFrom("alert_channels").execute();
  await state.conn.deleteFrom("audit_events").execute();
  receiver.received.length = 0;
});

const webhook = () => ({
  name: "Ops hook",
  kind: "webhook",
  enabled: true,
  events: ["transfer.attention", "schedule.paused"],
  url: `${receiver.url}/hooks/${SECRET_URL_PART}`,
  signingSecret: SIGNING,
});

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("/api/alerts", () => {
  it("an admin creates, edits (keeping the secrets), tests and deletes a webhook; no answer and no audit row carries a secret", async () => {
    const created = await channels.POST(req("POST", "/api/alerts/channels", webhook()), noParams);
    const createdText = await created.text();
    expect(created.status).toBe(201);
    const { channel } = JSON.parse(createdText);
    expect(channel.masks.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…\/••••9b7c$/);
    expect(channel.masks.signingSecret).toBe("••••test");

    const edited = await oneChannel.PATCH(req("PATCH", `/api/alerts/channels/${channel.id}`, { ...webhook(), url: "", signingSecret: "", name: "Renamed" }), idParams(channel.id));
    expect(edited.status).toBe(200);
    const editedText = await edited.text();

    const tested = await testRoute.POST(req("POST", `/api/alerts/channels/${channel.id}/test`), idParams(channel.id));
    expect(tested.status).toBe(202);
    const { delivery } = await tested.json();
    const log = await waitFor(
      async () => (await (await deliveries.GET(req("GET", `/api/alerts/deliveries?channel=${channel.id}`), noParams)).json()).items,
      (items: { status: string }[]) => items[0]?.status === "delivered",
    );
    expect(log[0]).toMatchObject({ id: delivery.id, eventType: "test", status: "delivered", attempts: 1, responseStatus: 200, channelName: "Renamed" });
    // The kept secrets still sign.
    expect(receiver.received.at(-1)?.verified).toBe(true);

    const listText = await (await channels.GET(req("GET", "/api/alerts/channels"), noParams)).text();
    const audit = JSON.stringify(await state.conn.selectFrom("audit_events").selectAll().execute());
    expect(audit).toContain("alert_channel.create");
    expect(audit).toContain("alert_channel.update");
    expect(audit).toContain("alert_channel.test");
    for (const text of [createdText, editedText, listText, JSON.stringify(log), audit]) {
      expect(text).not.toContain(SECRET_URL_PART);
      expect(text).not.toContain(SIGNING);
    }

    const deleted = await oneChannel.DELETE(req("DELETE", `/api/alerts/channels/${channel.id}`), idParams(channel.id));
    expect(deleted.status).toBe(204);
    expect(await state.conn.selectFrom("alert_channels").selectAll().execute()).toEqual([]);
    expect(JSON.stringify(await state.conn.selectFrom("audit_events").selectAll().execute())).toContain("alert_channel.delete");
  });

  it("refuses a non-https URL with a message on the field and saves nothing", async () => {
    const res = await channels.POST(req("POST", "/api/alerts/channels", { ...webhook(), url: "http://hooks.example.com/x" }), noParams);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.url[0]).toMatch(/https/);
    expect(body.fieldCodes.url).toBe("alerts.validation.urlHttps");
    expect(await state.conn.selectFrom("alert_channels").selectAll().execute()).toEqual([]);
  });

  it("checks the SMTP server on save: refused or silent is a message on the host field, nothing saved", async () => {
    const email = (port: number) => ({ name: "Mail", kind: "email", enabled: true, events: ["import.not_started"], smtpHost: "127.0.0.1", smtpPort: port, smtpTls: "none", from: "console@labs.test", recipients: "ops@labs.test" });
    const refused = await channels.POST(req("POST", "/api/alerts/channels", email(await closedPort())), noParams);
    expect(refused.status).toBe(422);
    expect((await refused.json()).fieldCodes).toEqual({ smtpHost: "alerts.smtp.refused" });
    const silent = await startSilent();
    try {
      const res = await channels.POST(req("POST", "/api/alerts/channels", email(silent.port)), noParams);
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.fieldCodes).toEqual({ smtpHost: "alerts.smtp.noAnswer" });
      expect(body.errors.smtpHost[0]).toMatch(/did not answer/);
    } finally {
      await silent.close();
    }
    expect(await state.conn.selectFrom("alert_channels").selectAll().execute()).toEqual([]);
  });

  it("lets a viewer read channels and the log but not change them", async () => {
    await channels.POST(req("POST", "/api/alerts/channels", webhook()), noParams);
    state.member = VIEWER;
    const list = await channels.GET(req("GET", "/api/alerts/channels"), noParams);
    expect(list.status).toBe(200);
    const { items } = await list.json();
    expect(items).toHaveLength(1);
    const refused = await channels.POST(req("POST", "/api/alerts/channels", webhook()), noParams);
    expect(refused.status).toBe(403);
    expect((await testRoute.POST(req("POST", `/api/alerts/channels/${items[0].id}/test`), idParams(items[0].id))).status).toBe(403);
    expect((await oneChannel.DELETE(req("DELETE", `/api/alerts/channels/${items[0].id}`), idParams(items[0].id))).status).toBe(403);
    expect((await deliveries.GET(req("GET", "/api/alerts/deliveries?status=failed"), noParams)).status).toBe(200);
  });

  it("writes no secret to the log, even when the receiver echoes them and the SMTP login fails", async () => {
    const echo = await startReceiver(SIGNING, (_n, r) => ({ status: 500, body: `failed at ${r.path} with ${r.headers["x-labs-signature"]} and ${SIGNING}` }));
    const smtp = await startSmtp({ user: "alerts", password: "the-right-password" });
    const lines: string[] = [];
    const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    try {
      const created = await channels.POST(req("POST", "/api/alerts/channels", { ...webhook(), url: `${echo.url}/hooks/${SECRET_URL_PART}` }), noParams);
      const { channel } = await created.json();
      await testRoute.POST(req("POST", `/api/alerts/channels/${channel.id}/test`), idParams(channel.id));
      const failed = await waitFor(
        () => state.conn.selectFrom("alert_deliveries").selectAll().where("channel_id", "=", channel.id).executeTakeFirstOrThrow(),
        (d) => d.status === "failed",
      );
      expect(failed).toMatchObject({ status: "failed", attempts: 2, response_status: 500 });
      expect(failed.response_text).toContain("[redacted]");
      const mail = await channels.POST(
        req("POST", "/api/alerts/channels", { name: "Mail", kind: "email", enabled: true, events: ["import.not_started"], smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpTls: "none", smtpUser: "alerts", smtpPassword: "wrong-password-4c1d", from: "console@labs.test", recipients: "ops@labs.test" }),
        noParams,
      );
      const mailBody = await mail.json();
      expect(mailBody.fieldCodes).toEqual({ smtpPassword: "alerts.smtp.authFailed" });
      expect(JSON.stringify(mailBody)).not.toContain("wrong-password-4c1d");
      for (const text of [failed.response_text ?? ""]) {
        expect(text).not.toContain(SECRET_URL_PART);
        expect(text).not.toContain(SIGNING);
      }
    } finally {
      out.mockRestore();
      err.mockRestore();
      await Promise.all([echo.close(), smtp.close()]);
    }
    const logged = lines.join("");
    expect(logged).toContain("alert delivery failed");
    for (const secret of [SECRET_URL_PART, SIGNING, "wrong-password-4c1d"]) expect(logged).not.toContain(secret);
  });

  it("raiseAlert queues one delivery per matching channel, returns at once, and never throws", async () => {
    await channels.POST(req("POST", "/api/alerts/channels", webhook()), noParams);
    const ids = await raiseAlert({ type: "schedule.paused", scheduleId: "s1", kind: "stock", by: { email: "op@demo.local", name: null }, at: new Date().toISOString() });
    expect(ids).toHaveLength(1);
    expect(await raiseAlert({ type: "platform.unanswered", minutes: 5, since: "x", lastError: null, at: "x" })).toEqual([]);
    const row = await waitFor(
      () => state.conn.selectFrom("alert_deliveries").selectAll().where("id", "=", ids[0]!).executeTakeFirstOrThrow(),
      (d) => d.status === "delivered",
    );
    expect(row.status).toBe("delivered");
    // A store that fails: logged, not thrown.
    const conn = state.conn;
    state.conn = { selectFrom: () => { throw new Error("store down"); } } as unknown as Kysely<Database>;
    try {
      await expect(raiseAlert({ type: "platform.unanswered", minutes: 5, since: "x", lastError: null, at: "x" })).resolves.toEqual([]);
    } finally {
      state.conn = conn;
    }
  });
});
