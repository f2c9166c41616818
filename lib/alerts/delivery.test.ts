import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { openTestStore } from "@/test/store";
import type { AlertEvent } from "@/lib/alerts/events";
import { channelsFor, createDeliveryQueue, queueDeliveries, workDeliveries, type DeliveryQueueOptions } from "@/lib/alerts/engine";
import { channelBodySchema, type ChannelBody } from "@/lib/alerts/schemas";
import { verifySmtp } from "@/lib/alerts/send";
import { emailSubject, renderAlert } from "@/lib/alerts/message";
import { channelView, findChannel, insertChannel, updateChannel } from "@/lib/alerts/store";
import type { TargetPolicy } from "@/lib/alerts/targets";
import { closedPort, startReceiver, startSilent, startSmtp, verifyWebhook } from "@/test/alert-servers";
import { leakSearch } from "@/test/token-needles";
import { scrape } from "@/lib/metrics";
import { sample } from "@/test/metrics-text";

// Deliveries end to end on the real job engine and store, to real receivers started here.

const AUTH_SECRET = "alerts-test-auth-secret-0123456789abcdef";
const CONSOLE_URL = "http://console.test";
const EN = { locale: "en", timeZone: "Europe/Istanbul" } as const;
const SIGNING = "whsec-test-signing-secret-5f2c";
const QUEUE: DeliveryQueueOptions = { retryLimit: 3, retryDelaySeconds: 1 };
/** The receivers here listen on loopback: allowed as in demo mode. */
const LOCAL: TargetPolicy = { allowLoopback: true, allowed: [] };

let store: Store;
let conn: Kysely<Database>;
let boss: JobEngine;

const transferEvent: AlertEvent = {
  type: "transfer.attention",
  runId: "run-7f3a",
  status: "with_failures",
  counts: { total: 10, transferred: 4, alreadyInErp: 1, rejected: 1, failed: 3, unknown: 1, notSent: 0 },
  startedBy: { email: "operator@demo.local", name: "Onur Operator" },
  at: "2026-11-23T04:00:00.000Z",
};

function body(input: Record<string, unknown>): ChannelBody {
  return channelBodySchema("create").parse({ enabled: true, events: ["transfer.attention"], ...input });
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The secret as a gateway may echo it: every byte percent-encoded, then its dashes as character references. */
const respelt = (secret: string) => `${[...Buffer.from(secret)].map((b) => `%${b.toString(16)}`).join("")} ${secret.replaceAll("-", "&#x2d;")}`;
const delivery = (id: string) => conn.selectFrom("alert_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeAll(async () => {
  store = await openTestStore();
  conn = store.db;
  boss = await startEngine(store, { superviseSeconds: 1 });
  await createDeliveryQueue(boss, QUEUE);
  await workDeliveries(boss, { db: conn, authSecret: AUTH_SECRET, consoleUrl: CONSOLE_URL, timeZone: "Europe/Istanbul", timeoutMs: 2000, targets: LOCAL }, { pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await boss.stop({ graceful: false });
  await store.close();
});

beforeEach(async () => {
  await conn.deleteFrom("alert_deliveries").execute();
  await conn.deleteFrom("alert_channels").execute();
});

describe("channels in the store", () => {
  it("keeps secrets sealed, shows only masks, and keeps a secret that is not retyped", async () => {
    const url = "https://hooks.slack.com/services/T000/B000/XXXXsecretTOKENabcd";
    const saved = await insertChannel(conn, body({ name: "Ops", kind: "slack", url }), "admin@demo.local", AUTH_SECRET);
    const row = await conn.selectFrom("alert_channels").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain("secretTOKEN");
    const view = channelView(saved);
    expect(view.target).toBe("https://hooks.slack.com/…/••••abcd");
    expect(JSON.stringify(view)).not.toContain("secretTOKEN");

    const edited = await updateChannel(conn, saved, channelBodySchema("update").parse({ name: "Ops 2", kind: "slack", enabled: false, events: ["schedule.paused"] }), null, AUTH_SECRET);
    expect(edited.secrets.url).toBe(url);
    expect(channelView(edited)).toMatchObject({ name: "Ops 2", enabled: false, events: ["schedule.paused"] });
    // Another key cannot open them (and the channel id is bound in).
    await expect(findChannel(conn, saved.row.id, "another-auth-secret-of-some-length")).rejects.toThrow();
  });

  it("takes only enabled channels that chose the event", async () => {
    const a = await insertChannel(conn, body({ name: "A", kind: "slack", url: "https://example.com/a" }), null, AUTH_SECRET);
    await insertChannel(conn, body({ name: "B", kind: "slack", url: "https://example.com/b", enabled: false }), null, AUTH_SECRET);
    await insertChannel(conn, body({ name: "C", kind: "slack", url: "https://example.com/c", events: ["schedule.paused"] }), null, AUTH_SECRET);
    expect(await channelsFor(conn, "transfer.attention")).toEqual([a.row.id]);
  });
});

describe("webhook deliveries", () => {
  it("arrive signed: the receiver verifies HMAC-SHA256 over `${timestamp}.${body}` with the channel's secret", async () => {
    const receiver = await startReceiver(SIGNING);
    try {
      const channel = await insertChannel(conn, body({ name: "Hook", kind: "webhook", url: `${receiver.url}/hooks/labs`, signingSecret: SIGNING }), null, AUTH_SECRET);
      const [id] = await queueDeliveries(conn, boss, transferEvent, await channelsFor(conn, "transfer.attention"), QUEUE);
      const done = await waitFor(() => delivery(id!), (d) => d.status === "delivered");
      expect(done).toMatchObject({ status: "delivered", attempts: 1, response_status: 200, response_text: "ok", channel_id: channel.row.id });
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0]!;
      expect(got.verified).toBe(true);
      // Another secret or a changed body does not verify.
      expect(verifyWebhook("another-secret-of-16+", got.headers, got.body)).toBe(false);
      expect(verifyWebhook(SIGNING, got.headers, got.body.replace("run-7f3a", "run-0000"))).toBe(false);
      const payload = JSON.parse(got.body);
      expect(payload).toMatchObject({ id, type: "transfer.attention", title: "Transfer run finished with failures", link: `${CONSOLE_URL}/erp/transfers/run-7f3a` });
      expect(payload.text).toContain("4 transferred, 1 already in the ERP, 1 rejected, 3 failed, 1 unknown, 0 not sent, of 10 orders");
      expect(payload.event.counts).toEqual({ total: 10, transferred: 4, alreadyInErp: 1, rejected: 1, failed: 3, unknown: 1, notSent: 0 });
    } finally {
      await receiver.close();
    }
  });

  it("a receiver down for the first two attempts gets the alert on the third; its answers are kept without the secrets", async () => {
    const receiver = await startReceiver(SIGNING, (n, req) =>
      n === 1 ? "close" : n === 2 ? { status: 503, body: `down for maintenance, you called ${req.path} signed with ${SIGNING} (${respelt(SIGNING)})` } : { status: 202, body: "accepted" },
    );
    const attempts = async () => {
      const text = await scrape(async () => ({ queue: { count: 0, oldest: null }, failuresOpen: {} }));
      return ["retrying", "delivered"].map((outcome) => sample(text, "labs_console_alert_deliveries_total", { channel_type: "webhook", outcome }));
    };
    const before = await attempts();
    try {
      await insertChannel(conn, body({ name: "Hook", kind: "webhook", url: `${receiver.url}/hooks/T0SECRETPATH42`, signingSecret: SIGNING }), null, AUTH_SECRET);
      const [id] = await queueDeliveries(conn, boss, transferEvent, await channelsFor(conn, "transfer.attention"), QUEUE);
      const second = await waitFor(() => delivery(id!), (d) => d.attempts >= 2 && d.response_status === 503);
      expect(second).toMatchObject({ status: "retrying", response_status: 503 });
      expect(second.response_text).toContain("down for maintenance");
      expect(second.response_text).not.toContain("T0SECRETPATH42");
      expect(second.response_text).not.toContain(SIGNING);
      expect(leakSearch(SIGNING).leaks(second.response_text!)).toEqual([]);
      const done = await waitFor(() => delivery(id!), (d) => d.status === "delivered");
      expect(done).toMatchObject({ status: "delivered", attempts: 3, response_status: 202, response_text: "accepted" });
      expect(receiver.received.map((r) => r.verified)).toEqual([true, true, true]);
      expect((await attempts()).map((n, i) => n - before[i]!)).toEqual([2, 1]);
    } finally {
      await receiver.close();
    }
  });

  it("a receiver that never recovers ends failed after the last attempt", async () => {
    const receiver = await startReceiver(SIGNING, () => ({ status: 500, body: "broken" }));
    try {
      await insertChannel(conn, body({ name: "Hook", kind: "webhook", url: receiver.url, signingSecret: SIGNING }), null, AUTH_SECRET);
      const [id] = await queueDeliveries(conn, boss, transferEvent, await channelsFor(conn, "transfer.attention"), { ...QUEUE, retryLimit: 1 });
      const done = await waitFor(() => delivery(id!), (d) => d.status === "failed");
      expect(done).toMatchObject({ status: "failed", attempts: 2, max_attempts: 2, response_status: 500 });
    } finally {
      await receiver.close();
    }
  });

  it("a Slack channel gets {text, blocks} with the link to the run", async () => {
    const receiver = await startReceiver(SIGNING);
    try {
      await insertChannel(conn, body({ name: "Slack", kind: "slack", url: `${receiver.url}/services/T/B/x` }), null, AUTH_SECRET);
      const [id] = await queueDeliveries(conn, boss, transferEvent, await channelsFor(conn, "transfer.attention"), QUEUE);
      await waitFor(() => delivery(id!), (d) => d.status === "delivered");
      const payload = JSON.parse(receiver.received[0]!.body);
      expect(payload.text).toContain("Transfer run finished with failures");
      expect(JSON.stringify(payload.blocks)).toContain(`${CONSOLE_URL}/erp/transfers/run-7f3a`);
    } finally {
      await receiver.close();
    }
  });
});

describe("e-mail deliveries", () => {
  it("reach a real SMTP server with the subject, the recipients and a link to the run", async () => {
    const smtp = await startSmtp({ user: "alerts", password: "smtp-pass-9f8e7d" });
    try {
      await insertChannel(
        conn,
        body({ name: "Mail", kind: "email", smtpHost: "127.0.0.1", smtpPort: smtp.port, smtpTls: "none", smtpUser: "alerts", smtpPassword: "smtp-pass-9f8e7d", from: "console@labs.test", recipients: "ops@labs.test, lead@labs.test" }),
        null,
        AUTH_SECRET,
      );
      const [id] = await queueDeliveries(conn, boss, transferEvent, await channelsFor(conn, "transfer.attention"), QUEUE);
      const done = await waitFor(() => delivery(id!), (d) => d.status === "delivered");
      expect(done).toMatchObject({ status: "delivered", attempts: 1, response_status: 250 });
      expect(smtp.mails).toHaveLength(1);
      const mail = smtp.mails[0]!;
      expect(mail.subject).toBe("[Labs console] Transfer run finished with failures");
      expect(mail.to).toEqual(["ops@labs.test", "lead@labs.test"]);
      expect(mail.from).toBe("console@labs.test");
      expect(mail.text).toContain(`${CONSOLE_URL}/erp/transfers/run-7f3a`);
      expect(done.response_text).not.toContain("smtp-pass-9f8e7d");
    } finally {
      await smtp.close();
    }
  });

  it("verifySmtp names the field: refused, no answer, login refused, greeting refused, and passes a good server", async () => {
    const base = { host: "127.0.0.1", tls: "none" as const, user: null, from: "a@b.test", recipients: ["c@d.test"] };
    expect(await verifySmtp({ ...base, port: await closedPort() }, undefined, 1000, LOCAL)).toMatchObject({ field: "smtpHost", reason: "refused" });
    const silent = await startSilent();
    const smtp = await startSmtp({ user: "alerts", password: "right-password" });
    const refusing = await startSmtp({ refuse: true });
    try {
      expect(await verifySmtp({ ...base, port: silent.port }, undefined, 800, LOCAL)).toMatchObject({ field: "smtpHost", reason: "noAnswer" });
      const wrong = await verifySmtp({ ...base, port: smtp.port, user: "alerts" }, "wrong-password", 2000, LOCAL);
      // Outcome codes only: neither the password nor the server's words come back.
      expect(wrong).toEqual({ field: "smtpPassword", reason: "authFailed" });
      expect(await verifySmtp({ ...base, port: refusing.port }, undefined, 2000, LOCAL)).toEqual({ field: "smtpHost", reason: "rejected" });
      expect(await verifySmtp({ ...base, port: smtp.port, user: "alerts" }, "right-password", 2000, LOCAL)).toBeNull();
    } finally {
      await Promise.all([silent.close(), smtp.close(), refusing.close()]);
    }
  });
});

describe("channel validation", () => {
  const issues = (mode: "create" | "update", input: Record<string, unknown>) => {
    const r = channelBodySchema(mode).safeParse({ name: "X", enabled: true, events: ["transfer.attention"], ...input });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it("wants https, allowing http only on loopback", () => {
    expect(issues("create", { kind: "slack", url: "http://hooks.example.com/x" })).toEqual({ url: "validation.alerts.urlHttps" });
    expect(issues("create", { kind: "slack", url: "http://10.0.0.1/x" })).toEqual({ url: "validation.alerts.urlHttps" });
    expect(issues("create", { kind: "slack", url: "http://localhost.evil.com/x" })).toEqual({ url: "validation.alerts.urlHttps" });
    expect(issues("create", { kind: "slack", url: "ftp://example.com/x" })).toEqual({ url: "validation.alerts.urlHttps" });
    expect(issues("create", { kind: "slack", url: "not a url" })).toEqual({ url: "validation.alerts.urlInvalid" });
    for (const ok of ["https://example.com/x", "http://localhost:9/x", "http://127.0.0.1:9/x", "http://127.8.9.10/x", "http://[::1]:9/x"]) {
      expect(issues("create", { kind: "slack", url: ok })).toEqual({});
    }
  });

  it("requires the kind's secrets on create only, and checks e-mail fields", () => {
    expect(issues("create", { kind: "webhook" })).toEqual({ url: "validation.alerts.urlRequired", signingSecret: "validation.alerts.signingSecretShort" });
    expect(issues("update", { kind: "webhook" })).toEqual({});
    expect(issues("create", { kind: "webhook", url: "https://e.com/x", signingSecret: "short" })).toEqual({ signingSecret: "validation.alerts.signingSecretShort" });
    expect(issues("create", { kind: "email", smtpHost: "mail.test", smtpPort: "587", smtpTls: "starttls", from: "nope", recipients: "a@b.test, bad" })).toEqual({
      from: "validation.alerts.email",
      recipients: "validation.alerts.recipients",
    });
    expect(issues("create", { kind: "email", smtpHost: "mail.test", smtpPort: 70000, smtpTls: "starttls", from: "a@b.test", recipients: "" })).toEqual({
      smtpPort: "validation.alerts.smtpPort",
      recipients: "validation.alerts.recipientsRequired",
    });
    expect(issues("create", { kind: "slack", url: "https://e.com/x", events: [] })).toEqual({ events: "validation.alerts.events" });
  });
});

describe("alert messages", () => {
  it("name the event, the run or import kind, the counts and the page concerned", () => {
    const only = (counts: Record<string, number>) => renderAlert({ ...transferEvent, counts: { ...transferEvent.counts, ...counts } } as AlertEvent, CONSOLE_URL, EN);
    expect(only({ failed: 0, unknown: 2 }).title).toBe("Transfer run finished with unknown outcomes");
    expect(only({ failed: 0, unknown: 0, notSent: 2 }).title).toBe("Transfer run needs attention");
    // Rejected and already-in-ERP orders alone never title a run as failed.
    expect(only({ failed: 0, unknown: 0, notSent: 1, rejected: 5, alreadyInErp: 5 }).title).toBe("Transfer run needs attention");
    // A delivery queued with the counts of before outcomes by meaning still reads as words.
    const legacy = renderAlert({ ...transferEvent, counts: { total: 10, transferred: 6, notTransferred: 3, unknown: 1, pending: 0 } } as unknown as AlertEvent, CONSOLE_URL, EN);
    expect(legacy.title).toBe("Transfer run finished with failures");
    expect(legacy.lines[0]).toBe("Run run-7f3a: 6 transferred, 0 already in the ERP, 0 rejected, 3 failed, 1 unknown, 0 not sent, of 10 orders.");
    const interrupted = renderAlert({ ...transferEvent, status: "interrupted" } as AlertEvent, CONSOLE_URL, EN);
    expect(emailSubject(interrupted)).toBe("[Labs console] Transfer run interrupted");
    expect(interrupted.lines.join(" ")).toContain("Run run-7f3a: 4 transferred, 1 already in the ERP, 1 rejected, 3 failed, 1 unknown, 0 not sent, of 10 orders.");
    const notStarted = renderAlert(
      { type: "import.not_started", kind: "stock", origin: "scheduled", scheduleId: "sch-1", startedBy: null, errorCode: "upstream_unavailable", detail: "503 from the platform", at: "x" },
      CONSOLE_URL,
      EN,
    );
    expect(notStarted).toMatchObject({ title: "Import could not start: stock", link: `${CONSOLE_URL}/erp?import=stock` });
    expect(notStarted.lines.join(" ")).toContain("schedule sch-1");
    expect(renderAlert({ type: "platform.unanswered", minutes: 10, since: "2026-11-23T03:00:00Z", lastError: "timeout", at: "x" }, CONSOLE_URL, EN).title).toBe(
      "Labs platform has not answered for 10 minutes",
    );
    const paused = renderAlert({ type: "schedule.paused", scheduleId: "sch-2", kind: "prices", by: { email: "op@demo.local", name: "Onur" }, at: "x" }, CONSOLE_URL, EN);
    expect(paused.link).toBe(`${CONSOLE_URL}/erp/schedules`);
    expect(paused.lines[0]).toContain(
      "paused by Onur <op@demo.local>",
    );
    expect(paused.title).toBe("Schedule paused: price import");
    const transfer = renderAlert({ type: "schedule.paused", scheduleId: "sch-3", kind: "transfer", by: { email: "op@demo.local", name: "Onur" }, at: "x" }, CONSOLE_URL, EN);
    expect([transfer.title, transfer.lines[0]]).toEqual(["Schedule paused: order transfer", "The order transfer schedule sch-3 was paused by Onur <op@demo.local>."]);
  });
});
