import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { parseServerEnv } from "@/lib/config/env";
import { callRoute } from "@/test/in-process-console";
import { openTestStore } from "@/test/store";
import { closedPort, startBanner, startFlood, startReceiver, startSilent, startSmtp } from "@/test/alert-servers";

// The /api/alerts handlers in-process: the real wrapper, store, job engine and receivers; only the session, the store's door and the config are stubbed.

const SECRET_URL_PART = "T0HOOKSECRET9b7c";
const SIGNING = "signing-secret-for-routes-test";
// The real configuration parser on a test environment: demo mode (loopback receivers allowed) unless a test says otherwise.
const BASE_ENV = {
  LABS_API_URL: "http://127.0.0.1:9",
  LABS_API_TOKEN: "routes-test-upstream-token",
  AUTH_SECRET: "routes-test-auth-secret-0123456789",
  CONSOLE_URL: "http://console.test",
  LABS_DEMO_MODE: "1",
  JOBS_HEARTBEAT_SECONDS: "10",
  JOBS_SUPERVISE_SECONDS: "1",
  ALERT_RETRY_LIMIT: "1",
  ALERT_RETRY_DELAY_SECONDS: "1",
  ALERT_SMTP_VERIFY_TIMEOUT_SECONDS: "1",
};
const state = stubDoors({
  member: null as null | { id: number; email: string; name: string; role: "viewer" | "operator" | "admin" },
  conn: undefined as unknown as Kysely<Database>,
  store: undefined as unknown as Store,
  env: {} as Record<string, string>,
  config: (): unknown => parseServerEnv({ ...BASE_ENV, ...state.env }),
});

const { stopAlertJobs } = await import("@/lib/alerts/jobs");
const { raiseAlert } = await import("@/lib/alerts/events");

const ADMIN = { id: 1, email: "admin@demo.local", name: "Ada Admin", role: "admin" as const };
const VIEWER = { id: 3, email: "viewer@demo.local", name: "Veli Viewer", role: "viewer" as const };

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
  state.env = {};
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
    const created = await callRoute("POST", "/api/alerts/channels", webhook());
    const createdText = await created.text();
    expect(created.status).toBe(201);
    const { channel } = JSON.parse(createdText);
    expect(channel.masks.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…\/••••9b7c$/);
    expect(channel.masks.signingSecret).toBe("••••test");

    const edited = await callRoute("PATCH", `/api/alerts/channels/${channel.id}`, { ...webhook(), url: "", signingSecret: "", name: "Renamed" });
    expect(edited.status).toBe(200);
    const editedText = await edited.text();

    const tested = await callRoute("POST", `/api/alerts/channels/${channel.id}/test`);
    expect(tested.status).toBe(202);
    const { delivery } = await tested.json();
    const log = await waitFor(
      async () => (await (await callRoute("GET", `/api/alerts/deliveries?channel=${channel.id}`)).json()).items,
      (items: { status: string }[]) => items[0]?.status === "delivered",
    );
    expect(log[0]).toMatchObject({ id: delivery.id, eventType: "test", status: "delivered", attempts: 1, responseStatus: 200, channelName: "Renamed" });
    // The kept secrets still sign.
    expect(receiver.received.at(-1)?.verified).toBe(true);

    const listText = await (await callRoute("GET", "/api/alerts/channels")).text();
    const audit = JSON.stringify(await state.conn.selectFrom("audit_events").selectAll().execute());
    expect(audit).toContain("alert_channel.create");
    expect(audit).toContain("alert_channel.update");
    expect(audit).toContain("alert_channel.test");
    for (const text of [createdText, editedText, listText, JSON.stringify(log), audit]) {
      expect(text).not.toContain(SECRET_URL_PART);
      expect(text).not.toContain(SIGNING);
    }

    const deleted = await callRoute("DELETE", `/api/alerts/channels/${channel.id}`);
    expect(deleted.status).toBe(204);
    expect(await state.conn.selectFrom("alert_channels").selectAll().execute()).toEqual([]);
    expect(JSON.stringify(await state.conn.selectFrom("audit_events").selectAll().execute())).toContain("alert_channel.delete");
  });

  it("keeps a channel's language: its creator's when none is given, kept on an edit without one, changed in the trail, and its messages in it", async () => {
    const created = await callRoute("POST", "/api/alerts/channels", webhook(), { cookie: "locale=tr" });
    const { channel } = await created.json();
    expect(channel.language).toBe("tr");
    expect((await (await callRoute("PATCH", `/api/alerts/channels/${channel.id}`, { ...webhook(), url: "", signingSecret: "", name: "Vardiya" })).json()).channel.language).toBe("tr");
    await callRoute("POST", `/api/alerts/channels/${channel.id}/test`);
    await waitFor(async () => receiver.received.length, (n) => n > 0);
    const sent = JSON.parse(receiver.received.at(-1)!.body) as { title: string; text: string };
    expect([sent.title, sent.text]).toEqual(["Deneme uyarısı", "“Vardiya” kanalının denemesi, gönderen: admin@demo.local. Bunu okuyorsanız kanal çalışıyor."]);

    const english = await callRoute("PATCH", `/api/alerts/channels/${channel.id}`, { ...webhook(), url: "", signingSecret: "", language: "en" });
    expect((await english.json()).channel.language).toBe("en");
    expect((await (await callRoute("GET", "/api/alerts/channels")).json()).items[0].language).toBe("en");
    const change = await state.conn.selectFrom("audit_events").selectAll().where("action", "=", "alert_channel.update").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect([JSON.parse(String(change.before_json)).language, JSON.parse(String(change.after_json)).language]).toEqual(["tr", "en"]);
    expect((await (await callRoute("POST", "/api/alerts/channels", { ...webhook(), name: "Other" }, { "accept-language": "tr-TR,tr;q=0.9" })).json()).channel.language).toBe("tr");

    for (const language of ["de", "TR", 1, null]) {
      const bad = await callRoute("PATCH", `/api/alerts/channels/${channel.id}`, { ...webhook(), url: "", signingSecret: "", language });
      expect(bad.status).toBe(422);
      expect((await bad.json()).fieldCodes).toEqual({ language: [{ code: "validation.alerts.language" }] });
    }
    expect((await state.conn.selectFrom("alert_channels").select("language").where("id", "=", channel.id).executeTakeFirstOrThrow()).language).toBe("en");
  });

  it("refuses a non-https URL with a message on the field and saves nothing", async () => {
    const res = await callRoute("POST", "/api/alerts/channels", { ...webhook(), url: "http://hooks.example.com/x" });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.url[0]).toMatch(/https/);
    expect(body.fieldCodes.url).toEqual([{ code: "validation.alerts.urlHttps" }]);
    expect(await state.conn.selectFrom("alert_channels").selectAll().execute()).toEqual([]);
  });

  it("checks the SMTP server on save: refused or silent is a message on the host field, nothing saved", async () => {
    const email = (port: number) => ({ name: "Mail", kind: "email", enabled: true, events: ["import.not_started"], smtpHost: "127.0.0.1", smtpPort: port, smtpTls: "none", from: "console@labs.test", recipients: "ops@labs.test" });
    const refused = await callRoute("POST", "/api/alerts/channels", email(await closedPort()));
    expect(refused.status).toBe(422);
    expect((await refused.json()).fieldCodes).toEqual({ smtpHost: [{ code: "alerts.smtp.refused" }] });
    const silent = await startSilent();
    try {
      const res = await callRoute("POST", "/api/alerts/channels", email(silent.port));
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.fieldCodes).toEqual({ smtpHost: [{ code: "alerts.smtp.noAnswer" }] });
      expect(body.errors.smtpHost[0]).toMatch(/did not answer/);
    } finally {
      await silent.close();
    }
    expect(await state.conn.selectFrom("alert_channels").selectAll().execute()).toEqual([]);
  });

  it("lets a viewer read channels and the log but not change them", async () => {
    await callRoute("POST", "/api/alerts/channels", webhook());
    state.member = VIEWER;
    const list = await callRoute("GET", "/api/alerts/channels");
    expect(list.status).toBe(200);
    const { items } = await list.json();
    expect(items).toHaveLength(1);
    const refused = await callRoute("POST", "/api/alerts/channels", webhook());
    expect(refused.status).toBe(403);
    expect((await callRoute("POST", `/api/alerts/channels/${items[0].id}/test`)).status).toBe(403);
    expect((await callRoute("DELETE", `/api/alerts/channels/${items[0].id}`)).status).toBe(403);
    expect((await callRoute("GET", "/api/alerts/deliveries?status=failed")).status).toBe(200);
  });

  it("writes no secret to the log, even when the receiver echoes them and the SMTP login fails", async () => {
    const echo = await startReceiver(SIGNING, (_n, r) => ({ status: 500, body: `failed at ${r.path} with ${r.headers["x-labs-signature"]} and ${SIGNING}` }));
    const smtp = await startSmtp({ user: "alerts", password: "the-right-password" });
    const lines: string[] = [];
    const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    try {
      const created = await callRoute("POST", "/api/alerts/channels", { ...webhook(), url: `${echo.url}/hooks/${SECRET_URL_PART}` });
      const { channel } = await created.json();
      await callRoute("POST", `/api/alerts/channels/${channel.id}/test`);
      const failed = await waitFor(
        () => state.conn.selectFrom("alert_deliveries").selectAll().where("channel_id", "=", channel.id).executeTakeFirstOrThrow(),
        (d) => d.status === "failed",
      );
      expect(failed).toMatchObject({ status: "failed", attempts: 2, response_status: 500 });
      expect(failed.response_text).toContain("[redacted]");
      const mail = await callRoute("POST", "/api/alerts/channels", { name: "Mail", kind: "email", enabled: true, events: ["import.not_started"], smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpTls: "none", smtpUser: "alerts", smtpPassword: "wrong-password-4c1d", from: "console@labs.test", recipients: "ops@labs.test" });
      const mailBody = await mail.json();
      expect(mailBody.fieldCodes).toEqual({ smtpPassword: [{ code: "alerts.smtp.authFailed" }] });
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

  it("an admin sends a digest channel's summary now to a real SMTP server, audited in words; an immediate channel has none to send", async () => {
    const smtp = await startSmtp();
    try {
      const mailChannel = { name: "Ops digest", kind: "email", enabled: true, events: ["transfer.attention"], smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpTls: "none", from: "console@labs.test", recipients: "ops@labs.test" };
      const digest = (await (await callRoute("POST", "/api/alerts/channels", { ...mailChannel, deliveryMode: "daily", digestTime: "08:00" })).json()).channel;
      const immediate = (await (await callRoute("POST", "/api/alerts/channels", webhook())).json()).channel;

      state.member = VIEWER;
      expect((await callRoute("POST", `/api/alerts/channels/${digest.id}/digest`)).status).toBe(403);
      state.member = ADMIN;
      const refused = await callRoute("POST", `/api/alerts/channels/${immediate.id}/digest`);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: "conflict", detailCode: { code: "alerts.digestNow.notDigest" }, detail: expect.stringContaining("only a channel in hourly or daily digest mode") });

      const sent = await callRoute("POST", `/api/alerts/channels/${digest.id}/digest`);
      expect(sent.status).toBe(202);
      const { delivery } = await sent.json();
      expect(delivery).toMatchObject({ channelId: digest.id, eventType: "digest", summary: "Daily digest so far: 0 transfer runs, 0 open exceptions" });
      await waitFor(async () => smtp.mails.length, (n) => n > 0);
      expect(smtp.mails[0]).toMatchObject({ to: ["ops@labs.test"], subject: "[Labs console] Daily digest so far: 0 transfer runs, 0 open exceptions" });
      expect(smtp.mails[0]!.text).toContain("Sent on request by Ada Admin");
      expect(smtp.mails[0]!.text).toContain("/erp/failures");
      // Sent on request, not in a slot: the scheduled digests stay as they were.
      expect(await state.conn.selectFrom("alert_digests").selectAll().where("delivery_id", "=", delivery.id).execute()).toEqual([]);
      const audit = await state.conn.selectFrom("audit_events").select(["action", "outcome", "message"]).where("action", "=", "alert_channel.digest").execute();
      expect(audit).toEqual([{ action: "alert_channel.digest", outcome: "success", message: "Digest sent on request to Ops digest (email): 0 transfer runs and 0 open exceptions." }]);
    } finally {
      await smtp.close();
    }
  });

  it("raiseAlert queues one delivery per matching channel, returns at once, and never throws", async () => {
    await callRoute("POST", "/api/alerts/channels", webhook());
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

const mail = (port: number, extra: Record<string, unknown> = {}) => ({
  name: "Ops mail",
  kind: "email",
  enabled: true,
  events: ["transfer.attention"],
  smtpHost: "127.0.0.1",
  smtpPort: port,
  smtpTls: "none",
  from: "console@labs.test",
  recipients: "ops@labs.test",
  ...extra,
});
const create = async (body: unknown) => callRoute("POST", "/api/alerts/channels", body);
const change = async (id: string, body: unknown) => callRoute("PATCH", `/api/alerts/channels/${id}`, body);
const savedNames = async () => (await state.conn.selectFrom("alert_channels").select("name").execute()).map((r) => r.name);

describe("the channel and delivery lists (lib/list)", () => {
  const page = async (url: string) => {
    const res = await callRoute("GET", url);
    return { status: res.status, body: await res.json() };
  };

  it("pages the channels by name and the log newest first, filters the log, and counts with and without filters", async () => {
    for (const name of ["Cedar", "Alder", "Birch"]) expect((await create({ ...webhook(), name })).status).toBe(201);
    const all = (await page("/api/alerts/channels")).body;
    expect(all.items.map((c: { name: string }) => c.name)).toEqual(["Alder", "Birch", "Cedar"]);
    expect(all.total).toBe(3);
    const [alder, birch] = all.items as { id: string }[];
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      channel_id: i % 3 === 0 ? birch!.id : alder!.id,
      event_type: "test",
      event_json: "{}",
      status: i % 2 === 0 ? "failed" : "delivered",
      attempts: 1,
      max_attempts: 5,
      created_at: new Date(at(i)),
      updated_at: new Date(at(i)),
    }));
    await state.conn.insertInto("alert_deliveries").values(rows).execute();

    const second = (await page("/api/alerts/deliveries?page=2&limit=25")).body;
    expect(second.items.map((d: { createdAt: string }) => d.createdAt)).toEqual([4, 3, 2, 1, 0].map(at));
    expect([second.total, second.totalAll]).toEqual([30, 30]);
    const failedOfBirch = (await page(`/api/alerts/deliveries?channel=${birch!.id}&status=failed`)).body;
    expect(failedOfBirch.items.map((d: { createdAt: string }) => d.createdAt)).toEqual([24, 18, 12, 6, 0].map(at));
    expect(failedOfBirch.items.every((d: { channelName: string; status: string }) => d.channelName === "Birch" && d.status === "failed")).toBe(true);
    expect([failedOfBirch.total, failedOfBirch.totalAll]).toEqual([5, 30]);
    const channelPage = (await page("/api/alerts/channels?page=2&limit=25")).body;
    expect(channelPage).toEqual({ items: [], total: 3 });
  });

  it("answers an unknown or bad list parameter with a 422 naming each field, for both lists", async () => {
    const bad = await page("/api/alerts/deliveries?channel=nope&status=lost&limit=7&page=0&sort=name");
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["channel", "limit", "page", "sort", "status"]);
    expect(bad.body.errors.limit).toEqual(["Use one of 25, 50, 100, 200."]);
    const channelBad = await page("/api/alerts/channels?limit=10&q=x");
    expect(channelBad.status).toBe(422);
    expect(Object.keys(channelBad.body.errors).sort()).toEqual(["limit", "q"]);
  });
});

describe("a secret is bound to its destination (M-1)", () => {
  it("an e-mail channel moved to another host, port, TLS mode or user needs its password again; the saved one never reaches the new server", async () => {
    const PASSWORD = "S3cret-SMTP-pass-123";
    const relay = await startSmtp({ user: "alerts@corp.example", password: PASSWORD });
    const other = await startSmtp({ user: "alerts@corp.example", password: PASSWORD });
    try {
      const created = await create(mail(relay.port, { smtpUser: "alerts@corp.example", smtpPassword: PASSWORD }));
      expect(created.status).toBe(201);
      const { channel } = await created.json();
      expect(relay.logins).toEqual([{ user: "alerts@corp.example", password: PASSWORD }]);

      for (const moved of [{ smtpPort: other.port }, { smtpHost: "localhost" }, { smtpUser: "someone-else@corp.example" }]) {
        const res = await change(channel.id, mail(relay.port, { smtpUser: "alerts@corp.example", ...moved, recipients: "attacker@evil.example" }));
        expect(res.status, JSON.stringify(moved)).toBe(422);
        const body = await res.json();
        expect(body.fieldCodes).toEqual({ smtpPassword: [{ code: "validation.alerts.passwordAgain" }] });
        expect(body.errors.smtpPassword[0]).toBe("Enter the password again: the server changed.");
      }
      expect(other.logins).toEqual([]);
      expect(relay.logins).toHaveLength(1);

      // The same server (a rename) keeps the password; the new server with the password typed again is fine.
      expect((await change(channel.id, mail(relay.port, { smtpUser: "alerts@corp.example", name: "Renamed" }))).status).toBe(200);
      const moved = await change(channel.id, mail(other.port, { smtpUser: "alerts@corp.example", smtpPassword: PASSWORD }));
      expect(moved.status).toBe(200);
      expect(other.logins).toEqual([{ user: "alerts@corp.example", password: PASSWORD }]);
      const saved = await state.conn.selectFrom("alert_channels").select("settings_json").executeTakeFirstOrThrow();
      expect(JSON.parse(saved.settings_json).smtp).toMatchObject({ port: other.port, recipients: ["ops@labs.test"] });
    } finally {
      await Promise.all([relay.close(), other.close()]);
    }
  });

  it("a webhook moved to another URL needs its signing secret again; nothing is signed for the new URL with the saved one", async () => {
    const elsewhere = await startReceiver(SIGNING);
    try {
      const { channel } = await (await create(webhook())).json();
      const res = await change(channel.id, { ...webhook(), url: `${elsewhere.url}/collect`, signingSecret: "" });
      expect(res.status).toBe(422);
      expect((await res.json()).fieldCodes).toEqual({ signingSecret: [{ code: "validation.alerts.signingSecretAgain" }] });
      // The channel still points where it was saved for.
      await callRoute("POST", `/api/alerts/channels/${channel.id}/test`);
      await waitFor(async () => receiver.received.length, (n) => n > 0);
      expect(receiver.received).toHaveLength(1);
      expect(elsewhere.received).toEqual([]);
      // The same URL typed again is no move; a new URL with a new secret is fine.
      expect((await change(channel.id, { ...webhook(), signingSecret: "" })).status).toBe(200);
      expect((await change(channel.id, { ...webhook(), url: `${elsewhere.url}/collect`, signingSecret: "another-signing-secret-0042" })).status).toBe(200);
    } finally {
      await elsewhere.close();
    }
  });

  it("refuses a login without TLS except to this machine", async () => {
    const res = await create(mail(587, { smtpHost: "mail.corp.example", smtpUser: "alerts", smtpPassword: "pw-123456789" }));
    expect(res.status).toBe(422);
    expect((await res.json()).fieldCodes).toEqual({ smtpTls: [{ code: "validation.alerts.smtpPlainLogin" }] });
    expect(await savedNames()).toEqual([]);
  });
});

describe("outbound targets (M-3)", () => {
  const INWARD = [
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.1/",
    "https://192.168.1.1:8443/admin",
    "https://172.16.0.1/",
    "https://100.64.0.1/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:a9fe:a9fe]/",
    "https://[::a9fe:a9fe]/",
    "https://[::127.0.0.1]/",
    "https://[fd00::1]/",
    "https://[fe80::1]/",
    "https://[::]/",
    "https://0.0.0.0:3100/",
    "https://224.0.0.1/",
    "https://2852039166/",
    "https://0251.0376.0251.0376/",
    "https://localhost:3100/",
    "http://127.0.0.1:4110/__emulator/reset",
    "http://0x7f.1:5432/",
  ];

  it("refuses webhook and Slack targets inside the network on the URL field (after DNS), unless the setting allows them", async () => {
    state.env = { LABS_DEMO_MODE: "0" };
    for (const kind of ["webhook", "slack"]) {
      for (const url of INWARD) {
        const res = await create({ ...webhook(), kind, url, ...(kind === "slack" ? { signingSecret: undefined } : {}) });
        expect(res.status, `${kind} ${url}`).toBe(422);
        const body = await res.json();
        expect(body.fieldCodes, `${kind} ${url}`).toEqual({ url: [{ code: "validation.alerts.targetInward" }] });
      }
    }
    expect(await savedNames()).toEqual([]);
    // A public address is fine (saving a webhook connects nowhere).
    expect((await create({ ...webhook(), url: "https://203.0.114.7/hooks" })).status).toBe(201);
    // Named ranges and hosts are allowed; others stay refused.
    state.env = { LABS_DEMO_MODE: "0", ALERT_ALLOWED_TARGETS: "10.0.0.0/8, [fd00::1]:8443" };
    expect((await create({ ...webhook(), name: "ten", url: "https://10.1.2.3/hooks" })).status).toBe(201);
    expect((await create({ ...webhook(), name: "ula", url: "https://[fd00::1]:8443/hooks" })).status).toBe(201);
    expect((await create({ ...webhook(), name: "ula other port", url: "https://[fd00::1]:9443/hooks" })).status).toBe(422);
    expect((await create({ ...webhook(), name: "rfc1918", url: "https://192.168.1.1/hooks" })).status).toBe(422);
    // Demo mode allows loopback, so local receivers work; nothing else.
    state.env = {};
    expect((await create({ ...webhook(), name: "local" })).status).toBe(201);
    expect((await create({ ...webhook(), name: "ten again", url: "https://10.1.2.3/hooks" })).status).toBe(422);
  });

  it("checks the SMTP host before connecting, limits the port, and never echoes what the server said", async () => {
    const banner = await startBanner("SSH-2.0-OpenSSH_9.2p1 internal-db01.corp.example secret-banner");
    const smtp = await startSmtp();
    try {
      state.env = { LABS_DEMO_MODE: "0" };
      for (const host of ["127.0.0.1", "localhost", "0x7f.1", "2852039166", "10.0.0.5", "[::ffff:127.0.0.1]"]) {
        const res = await create(mail(banner.port, { smtpHost: host }));
        expect(res.status, host).toBe(422);
        expect((await res.json()).fieldCodes, host).toEqual({ smtpHost: [{ code: "alerts.smtp.targetInward" }] });
      }
      expect(banner.connections()).toBe(0);

      // Loopback allowed by name, but only the submission ports unless the setting names the port.
      state.env = { LABS_DEMO_MODE: "0", ALERT_ALLOWED_TARGETS: "127.0.0.1" };
      const port = await create(mail(smtp.port));
      expect(port.status).toBe(422);
      expect((await port.json()).fieldCodes).toEqual({ smtpPort: [{ code: "alerts.smtp.portNotAllowed" }] });
      state.env = { LABS_DEMO_MODE: "0", ALERT_ALLOWED_TARGETS: `127.0.0.1:${smtp.port}` };
      expect((await create(mail(smtp.port))).status).toBe(201);

      // Demo mode: loopback on any port; a service that is no SMTP server is named by an outcome code, never its words.
      state.env = {};
      const res = await create(mail(banner.port, { name: "Banner" }));
      expect(res.status).toBe(422);
      const text = await res.text();
      expect(JSON.parse(text).fieldCodes).toEqual({ smtpHost: [{ code: "alerts.smtp.failed" }] });
      expect(banner.connections()).toBe(1);
      for (const word of ["SSH", "OpenSSH", "internal-db01", "secret-banner", "greeting"]) expect(text).not.toContain(word);
    } finally {
      await Promise.all([banner.close(), smtp.close()]);
    }
  });

  it("shows a receiver's answer to admins only; others see its status", async () => {
    const talker = await startReceiver(SIGNING, () => ({ status: 200, body: "admin-panel: db_password=hunter2 ; version 1.2.3" }));
    try {
      const { channel } = await (await create({ ...webhook(), url: `${talker.url}/internal/status` })).json();
      await callRoute("POST", `/api/alerts/channels/${channel.id}/test`);
      const read = async () => (await (await callRoute("GET", "/api/alerts/deliveries")).json()).items;
      const [asAdmin] = await waitFor(read, (items: { status: string }[]) => items[0]?.status === "delivered");
      expect(asAdmin).toMatchObject({ status: "delivered", responseStatus: 200, responseText: "admin-panel: db_password=hunter2 ; version 1.2.3" });
      for (const member of [VIEWER, { ...VIEWER, id: 2, role: "operator" as const }]) {
        state.member = member;
        const text = JSON.stringify(await read());
        expect(text).not.toContain("hunter2");
        expect(JSON.parse(text)[0]).toMatchObject({ status: "delivered", responseStatus: 200, responseText: null });
      }
    } finally {
      await talker.close();
    }
  });
});

describe("a receiver's answer is read with a cap (L-4)", () => {
  it("reads a few KiB of a 64 MiB answer, drops the connection, and still records the delivery", async () => {
    const TOTAL = 64 * 1024 * 1024;
    const flood = await startFlood(TOTAL);
    try {
      const { channel } = await (await create({ ...webhook(), url: `${flood.url}/hooks/${SECRET_URL_PART}` })).json();
      await callRoute("POST", `/api/alerts/channels/${channel.id}/test`);
      const row = await waitFor(
        () => state.conn.selectFrom("alert_deliveries").selectAll().where("channel_id", "=", channel.id).executeTakeFirstOrThrow(),
        (d) => d.status !== "queued",
      );
      expect(row).toMatchObject({ status: "delivered", attempts: 1, response_status: 200 });
      expect(row.response_text).toMatch(/^x{300}…$/);
      await flood.finished;
      // The console hung up: what left the receiver is bounded by the sockets' buffers, not the answer.
      expect(flood.written()).toBeLessThan(TOTAL / 4);
    } finally {
      await flood.close();
    }
  });
});
