import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Cluster, CLUSTER } from "@/e2e/cluster/harness";
import { E2E_UPSTREAM_TOKEN, DEMO_PASSWORD } from "@/test/env";
import { client } from "@/e2e/loopback";
import { answerChecker } from "@/test/contract/conformance";
import { chooseOption } from "@/e2e/fixtures";
import { startReceiver } from "@/test/alert-servers";

// Two built instances on one PostgreSQL behind the documented balancer, with their own emulator.
// Each test signs in from its own loopback address, so sign-in limits never cross tests.

test.describe.configure({ mode: "serial" });

const cluster = new Cluster();
const SILENCE_SECRET = "whsec-e2e-silence-signing-secret";
const port = (name: "a" | "b") => CLUSTER.ports[name];
const origin = (name: "a" | "b") => ({ Origin: `http://127.0.0.1:${port(name)}` });

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${cluster.emulatorUrl}/__emulator${path}`, {
    method,
    headers: { Authorization: `Bearer ${E2E_UPSTREAM_TOKEN}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`cluster emulator ${method} ${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function signedIn(from: string, role: "admin" | "operator" | "viewer", at: "a" | "b", email = `${role}@demo.local`, password = DEMO_PASSWORD) {
  const c = await client(from, port(at));
  expect(await c.signIn(email, password)).toBe("success");
  return c;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await cluster.start();
});

test.afterAll(async () => {
  await cluster.stop();
});

test.afterEach(async ({}, info) => {
  if (info.status !== info.expectedStatus) {
    for (const i of cluster.instances.values()) await info.attach(`instance ${i.name} log`, { body: i.log.join("\n"), contentType: "text/plain" });
  }
});

// In the cluster's worker, beside the browser project, as it mostly waits: its instances tick alerts every 10 s (ALERT_TICK_SECONDS).
test("no order pushed for the set minutes: one alert at the receiver, and the page says the orders are silent", async ({ browser }) => {
  test.setTimeout(240_000);
  const at = `http://127.0.0.1:${port("a")}`;
  const receiver = await startReceiver(SILENCE_SECRET);
  const context = await browser.newContext({ baseURL: at });
  const page = await context.newPage();
  let channelId: string | null = null;
  try {
    await page.goto("/login");
    await page.getByLabel("Email").fill("admin@demo.local");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${at}/`);
    const added = await page.request.post("/api/alerts/channels", {
      headers: origin("a"),
      data: { name: `Order pusher ${Date.now()}`, kind: "webhook", enabled: true, events: ["orders.silent"], url: `${receiver.url}/silence`, signingSecret: SILENCE_SECRET },
    });
    expect(added.status(), await added.text()).toBe(201);
    channelId = ((await added.json()) as { channel: { id: string } }).channel.id;

    await page.goto("/alerts");
    const rules = page.getByTestId("alert-arrivals");
    const silence = rules.getByLabel("Alert after this many active minutes without a pushed order");
    await expect(rules.getByTestId("alert-arrivals-state")).toContainText("Silence: off.");
    await silence.fill("0");
    await rules.getByRole("button", { name: "Save" }).click();
    await expect(silence).toHaveAttribute("aria-invalid", "true");
    await expect(rules).toContainText("Enter whole minutes from 1 to 10080, or leave empty to turn the rule off.");
    await expect(silence).toHaveValue("0");
    expect(((await (await page.request.get("/api/alerts/arrivals")).json()) as { silenceMinutes: number | null }).silenceMinutes).toBeNull();

    await silence.fill("1");
    await rules.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Pushed-order rules saved.")).toBeVisible();
    await expect(rules.getByTestId("alert-arrivals-state")).toContainText("Silence: an alert after 1 active minute without a push.");

    // The spell counts from the rule's start; either instance's tick finds it, and only one sends.
    await expect.poll(() => receiver.received.length, { timeout: 180_000, intervals: [2_000] }).toBeGreaterThan(0);
    const sent = JSON.parse(receiver.received[0]!.body) as { type: string; title: string; link: string };
    expect(receiver.received[0]!.verified).toBe(true);
    expect(sent).toMatchObject({ type: "orders.silent", title: "No order pushed for 1 active minute" });
    expect(sent.link).toMatch(/\/erp#queue$/);

    await page.reload();
    await expect(rules.getByTestId("alert-arrivals-silent")).toHaveText("Silent now: no push within the set active minutes.");
    await expect(rules.getByLabel("Alert after this many active minutes without a pushed order")).toHaveValue("1");
    await new Promise((r) => setTimeout(r, 12_000));
    expect(receiver.received, "one alert for the spell, across both instances' ticks").toHaveLength(1);
  } finally {
    await page.request.put("/api/alerts/arrivals", { headers: origin("a"), data: { silenceMinutes: null, volumePercent: null } });
    if (channelId) await page.request.delete(`/api/alerts/channels/${channelId}`, { headers: origin("a") });
    await context.close();
    await receiver.close();
  }
});

test("the same Idempotency-Key sent to instance A and instance B makes one run", async () => {
  const a = await signedIn("127.0.0.41", "operator", "a");
  const { orders } = await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 3 });
  const key = randomUUID();
  const send = (at: "a" | "b") =>
    a.call("POST", "/api/erp/transfers", { port: port(at), headers: { ...origin(at), "Idempotency-Key": key, "Content-Type": "application/json" }, body: JSON.stringify({ orderIds: orders.ids }) });
  const [first, second] = await Promise.all([send("a"), send("b")]);
  expect([first.status, second.status].sort()).toEqual([200, 201]);
  const runs = [first, second].map((r) => (JSON.parse(r.body) as { run: { id: string } }).run.id);
  expect(runs[0]).toBe(runs[1]);
  const listed = await a.call("GET", `/api/erp/transfers?limit=100`, { port: port("b") });
  const items = (JSON.parse(listed.body) as { items: { id: string }[] }).items;
  expect(items.filter((r) => r.id === runs[0])).toHaveLength(1);
});

test("the review's race, round after round: pushes through B while A sends the queue and B transfers half the ids directly; no order id reaches the platform twice", async () => {
  test.setTimeout(120_000);
  const a = await signedIn("127.0.0.47", "operator", "a");
  const b = await signedIn("127.0.0.48", "operator", "b");
  const post = (c: typeof a, at: "a" | "b", path: string, body: unknown, headers: Record<string, string> = {}) =>
    c.call("POST", path, { port: port(at), headers: { ...origin(at), "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
  const since = (await control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq;
  await control("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", latencyMs: 150 });
  const all: string[] = [];
  try {
    for (let round = 0; round < 8; round++) {
      const { orders } = await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 40 });
      all.push(...orders.ids);
      expect((await post(a, "a", "/api/erp/queue", { orderIds: orders.ids })).status).toBe(200);
      const send = post(a, "a", "/api/erp/queue/send", {}, { "Idempotency-Key": randomUUID() });
      // The same ids pushed again 0 to 21 ms after the send, as the review's integrator did, and half of them sent by hand.
      await new Promise((r) => setTimeout(r, round * 3));
      const [sent, pushed, direct] = await Promise.all([
        send,
        post(b, "b", "/api/erp/queue", { orderIds: orders.ids }),
        post(b, "b", "/api/erp/transfers", { orderIds: orders.ids.slice(0, 20) }, { "Idempotency-Key": randomUUID() }),
      ]);
      expect([sent.status, pushed.status], sent.body + pushed.body).toEqual([201, 200]);
      expect([201, 409], direct.body).toContain(direct.status);
      expect((JSON.parse(pushed.body) as { queued: string[] }).queued).toEqual([]);
      // Whatever a push put back would go out with the next send: there is nothing.
      const next = await post(b, "b", "/api/erp/queue/send", {}, { "Idempotency-Key": randomUUID() });
      expect(next.status, next.body).toBe(409);
    }
    await expect
      .poll(async () => (JSON.parse((await a.call("GET", "/api/erp/transfers?status=running&limit=10", { port: port("a") })).body) as { total: number }).total, { timeout: 60_000 })
      .toBe(0);
  } finally {
    await control("DELETE", "/faults");
  }
  const log = await control<{ requests: { path: string; body: { orderIds?: string[] } }[] }>("GET", `/requests?since=${since}&limit=100000`);
  const seen = new Map<string, number>();
  for (const r of log.requests) if (r.path === "/v1/action/orders-erp-transfer") for (const id of r.body.orderIds ?? []) seen.set(id, (seen.get(id) ?? 0) + 1);
  expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  expect(all.filter((id) => seen.get(id) !== 1)).toEqual([]);
});

test("sign in through A, act through B; a member demoted through A is refused by B on their next request", async ({ browser }) => {
  const admin = await signedIn("127.0.0.42", "admin", "a");
  const email = `cluster-${Date.now()}@demo.local`;
  const created = await admin.call("POST", "/api/team", { headers: { ...origin("a"), "Content-Type": "application/json" }, body: JSON.stringify({ email, name: "Cluster Operator", role: "operator", password: "cluster-password-1" }) });
  expect(created.status, created.body).toBe(201);
  const memberId = (JSON.parse(created.body) as { member: { id: number } }).member.id;

  // In the browser: the form on A, then the pages of B with the same session.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port("a")}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("cluster-password-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${port("a")}/`);
  await page.goto(`http://127.0.0.1:${port("b")}/erp`);
  await expect(page.getByTestId("signed-in-user")).toContainText("Role: Operator");
  const before = await page.request.post(`http://127.0.0.1:${port("b")}/api/erp/transfers`, {
    headers: { ...origin("b"), "Idempotency-Key": randomUUID() },
    data: { orderIds: ["91000001"] },
  });
  expect(before.status()).toBe(201);

  const demoted = await admin.call("PATCH", `/api/team/${memberId}`, { headers: { ...origin("a"), "Content-Type": "application/json" }, body: JSON.stringify({ role: "viewer" }) });
  expect(demoted.status, demoted.body).toBe(200);
  const after = await page.request.post(`http://127.0.0.1:${port("b")}/api/erp/transfers`, {
    headers: { ...origin("b"), "Idempotency-Key": randomUUID() },
    data: { orderIds: ["91000002"] },
  });
  // A role change ends the member's sessions, on every instance: the next request is refused as signed out.
  expect(after.status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login\?reason=expired$/);
  // Signed in again (through B), the new role holds there and through A.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("cluster-password-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText("Role: Viewer");
  const refused = await page.request.post(`http://127.0.0.1:${port("a")}/api/erp/transfers`, {
    headers: { ...origin("a"), "Idempotency-Key": randomUUID() },
    data: { orderIds: ["91000003"] },
  });
  expect(refused.status()).toBe(403);
  await context.close();
});

test("an edit through A is found by a search through B within 2 s", async () => {
  const admin = await signedIn("127.0.0.43", "admin", "a");
  const list = await admin.call("GET", "/api/warehouses", { port: port("b") });
  expect(list.status, list.body).toBe(200);
  const [warehouse] = (JSON.parse(list.body) as { items: { id: number; name: string }[] }).items;
  // B's index is built (and, with a one-hour TTL, would not refresh by itself).
  const name = `Küme Depo ${Date.now()}`;
  expect((JSON.parse((await admin.call("GET", `/api/warehouses?q=${encodeURIComponent(name)}`, { port: port("b") })).body) as { total: number }).total).toBe(0);
  const edited = await admin.call("PUT", `/api/warehouses/${warehouse!.id}`, { headers: { ...origin("a"), "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  expect(edited.status, edited.body).toBe(200);
  const search = async () => (JSON.parse((await admin.call("GET", `/api/warehouses?q=${encodeURIComponent("küme depo")}`, { port: port("b") })).body) as { items: { name: string }[] }).items.map((w) => w.name);
  await expect.poll(search, { timeout: 2000, intervals: [100] }).toContain(name);
});

test("the per-account sign-in limit holds with attempts split across A and B", async () => {
  const admin = await signedIn("127.0.0.44", "admin", "a");
  const email = `limits-${Date.now()}@demo.local`;
  const created = await admin.call("POST", "/api/team", { headers: { ...origin("a"), "Content-Type": "application/json" }, body: JSON.stringify({ email, name: "Split Limits", role: "viewer", password: "split-password-1" }) });
  expect(created.status).toBe(201);
  // Ten failures from ten addresses (no pair or address limit), five through each instance.
  const codes: string[] = [];
  for (let i = 0; i < 10; i++) {
    const c = await client(`127.0.1.${i + 1}`, port(i % 2 === 0 ? "a" : "b"));
    codes.push(await c.signIn(email, "wrong-password"));
  }
  expect(codes).toEqual(Array(10).fill("credentials"));
  // The eleventh, with the right password from a new address, waits on either instance.
  for (const at of ["a", "b"] as const) {
    const c = await client(`127.0.1.${at === "a" ? 20 : 21}`, port(at));
    expect(await c.signIn(email, "split-password-1")).toBe("throttled");
  }
});

test("kill -9 of the instance working a 3,000-order transfer: the other finishes it, nothing is sent twice", async () => {
  test.setTimeout(180_000);
  const operator = await signedIn("127.0.0.45", "operator", "b");
  const { orders } = await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 3000 });
  const since = (await control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq;
  await control("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", latencyMs: 100, times: 1000 });
  const started = await operator.call("POST", "/api/erp/transfers", {
    port: CLUSTER.balancerPort,
    headers: { Origin: cluster.url, "Idempotency-Key": randomUUID(), "Content-Type": "application/json" },
    body: JSON.stringify({ orderIds: orders.ids }),
  });
  expect(started.status, started.body).toBe(201);
  const runId = (JSON.parse(started.body) as { run: { id: string } }).run.id;
  const run = async (at: "a" | "b") => (JSON.parse((await operator.call("GET", `/api/erp/transfers/${runId}`, { port: port(at) })).body) as { run: { state: string; batchesDone: number; counts: Record<string, number> } }).run;

  // Which instance works it: the one whose log says so.
  let worker: "a" | "b" | undefined;
  await expect
    .poll(() => (worker = (["a", "b"] as const).find((n) => cluster.instance(n).log.some((l) => l.includes(runId) && l.includes("transfer run working")))), { timeout: 30_000 })
    .toBeTruthy();
  await expect.poll(async () => (await run(worker!)).batchesDone, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  // The next call hangs long enough to be in flight when the process dies.
  await control("DELETE", "/faults");
  await control("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", latencyMs: 4000, times: 1 });
  await control("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", latencyMs: 100, times: 1000 });
  await new Promise((r) => setTimeout(r, 1500));
  await cluster.kill(worker!);
  const other = worker === "a" ? "b" : "a";

  await expect.poll(async () => (await run(other)).state, { timeout: 120_000, intervals: [1000] }).toBe("completed");
  const done = await run(other);
  expect(done.counts.total).toBe(3000);
  expect(done.counts.pending).toBe(0);
  expect(done.counts.sending).toBe(0);
  // The batches on the wire ended unknown (interrupted), and nothing else did: the slow one, and the one after it if
  // it had gone out too (up to ERP_TRANSFER_IN_FLIGHT, 2, batches of 100).
  const unknownCount = done.counts.unknown ?? 0;
  expect([100, 200]).toContain(unknownCount);
  expect(done.counts.transferred).toBe(3000 - unknownCount);
  const unknown = JSON.parse((await operator.call("GET", `/api/erp/transfers/${runId}?outcome=unknown&limit=100`, { port: port(other) })).body) as {
    orders: { items: { orderId: string; reasonCode: string | null }[] };
  };
  expect(new Set(unknown.orders.items.map((o) => o.reasonCode))).toEqual(new Set(["interrupted"]));

  // The emulator's request log: no order id in two calls, the unknown batch never sent again.
  const log = await control<{ requests: { path: string; body: unknown }[] }>("GET", `/requests?since=${since}&limit=100000`);
  const sent = log.requests.filter((r) => r.path === "/v1/action/orders-erp-transfer").flatMap((r) => (r.body as { orderIds?: string[] }).orderIds ?? []);
  const seen = new Map<string, number>();
  for (const id of sent) seen.set(id, (seen.get(id) ?? 0) + 1);
  expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  const ours = new Set(orders.ids);
  expect(sent.filter((id) => !ours.has(id))).toEqual([]);
  expect(seen.size).toBeGreaterThanOrEqual(3000 - unknownCount);
  await control("DELETE", "/faults");
});

test("SIGTERM with a write and two transfer batches in flight: both answered and recorded, the run goes on at once on the other instance, exit 0", async () => {
  test.setTimeout(120_000);
  for (const name of ["a", "b"] as const) {
    const { child } = cluster.instance(name);
    if (child.exitCode !== null || child.signalCode !== null) await cluster.startInstance(name);
  }
  const operator = await signedIn("127.0.0.46", "operator", "a");
  const { orders } = await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 3000 });
  const since = (await control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq;
  const transfer = "/v1/action/orders-erp-transfer";
  await control("DELETE", "/faults");
  await control("POST", "/faults", { method: "POST", path: transfer, latencyMs: 300, times: 1000 });
  const started = await operator.call("POST", "/api/erp/transfers", {
    port: CLUSTER.balancerPort,
    headers: { Origin: cluster.url, "Idempotency-Key": randomUUID(), "Content-Type": "application/json" },
    body: JSON.stringify({ orderIds: orders.ids }),
  });
  expect(started.status, started.body).toBe(201);
  const runId = (JSON.parse(started.body) as { run: { id: string } }).run.id;
  type Run = { state: string; batchesDone: number; counts: Record<string, number> };
  const run = async (at: "a" | "b") => (JSON.parse((await operator.call("GET", `/api/erp/transfers/${runId}`, { port: port(at) })).body) as { run: Run }).run;
  const working = (n: "a" | "b") => cluster.instance(n).log.filter((l) => l.includes(runId) && l.includes("transfer run working")).length;
  let worker: "a" | "b" | undefined;
  await expect.poll(() => (worker = (["a", "b"] as const).find((n) => working(n) > 0)), { timeout: 30_000 }).toBeTruthy();
  const other = worker === "a" ? "b" : "a";
  await expect.poll(async () => (await run(other)).batchesDone, { timeout: 30_000, intervals: [100] }).toBeGreaterThanOrEqual(2);

  // The next two batches reach the platform, which acts at once and answers 1.5 s later; a warehouse write too, answered
  // 3 s later: the stop must wait for the request, not only for the jobs.
  await control("DELETE", "/faults");
  const slow = await control<{ id: number }>("POST", "/faults", { method: "POST", path: transfer, latencyMs: 1500, times: 2, apply: "after" });
  await control("POST", "/faults", { method: "POST", path: transfer, latencyMs: 300, times: 1000 });
  const list = JSON.parse((await operator.call("GET", "/api/warehouses", { port: port(worker!) })).body) as { items: { id: number }[] };
  const warehouseId = list.items[0]!.id;
  const write = await control<{ id: number }>("POST", "/faults", { method: "PUT", path: `/v1/stores/${warehouseId}`, latencyMs: 3000, times: 1, apply: "after" });
  const name = `Kapanış ${Date.now()}`;
  const put = operator.call("PUT", `/api/warehouses/${warehouseId}`, { port: port(worker!), headers: { ...origin(worker!), "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  const hits = async () => new Map((await control<{ faults: { id: number; hits: number }[] }>("GET", "/faults")).faults.map((f) => [f.id, f.hits]));
  await expect.poll(async () => { const h = await hits(); return [h.get(slow.id), h.get(write.id)]; }, { timeout: 10_000, intervals: [50] }).toEqual([2, 1]);

  const stoppedAt = Date.now();
  const stopped = cluster.signal(worker!, "SIGTERM");
  // Soft: each promise below is checked and reported on its own, so a regression shows all it breaks.
  const check = expect.configure({ soft: true });
  const answer = await put.catch((error: unknown) => ({ status: 0, body: String(error) }));
  check(answer.status, answer.body).toBe(200);
  // The other instance works the run as soon as it is handed over: long before a heartbeat takeover (10 s here).
  await check.poll(() => working(other), { timeout: 5_000, intervals: [100] }).toBeGreaterThan(0);
  const takenAfter = Date.now() - stoppedAt;
  check(takenAfter, "the other instance took the run within 4 s").toBeLessThan(4_000);
  check(await stopped).toMatchObject({ code: 0, signal: null });

  // The write's audit row, read through the instance that stays.
  const trail = JSON.parse((await operator.call("GET", `/api/activity?target=${encodeURIComponent(`warehouse:${warehouseId}`)}&action=warehouse.update`, { port: port(other) })).body) as {
    items: { outcome: string; after: { name?: string } | null }[];
  };
  check(trail.items.filter((i) => i.outcome === "success" && i.after?.name === name), "the write's audit row").toHaveLength(1);

  await expect.poll(async () => (await run(other)).state, { timeout: 60_000, intervals: [500] }).toBe("completed");
  const done = await run(other);
  // Both batches on the wire were recorded with the platform's answer: nothing unknown, every order transferred.
  check(done.counts).toMatchObject({ total: 3000, transferred: 3000, unknown: 0, pending: 0, sending: 0 });
  const events = JSON.parse((await operator.call("GET", `/api/activity?target=${encodeURIComponent(`erp_transfer_run:${runId}`)}&limit=100`, { port: port(other) })).body) as {
    items: { details: { event?: string } | null }[];
  };
  const kinds = events.items.map((e) => e.details?.event);
  check(kinds, "handed over, not taken over after the heartbeat").toContain("handed_over");
  check(kinds).not.toContain("resumed");

  // The emulator's request log: every order sent once.
  const log = await control<{ requests: { path: string; body: unknown }[] }>("GET", `/requests?since=${since}&limit=100000`);
  const sent = log.requests.filter((r) => r.path === transfer).flatMap((r) => (r.body as { orderIds?: string[] }).orderIds ?? []);
  check(sent).toHaveLength(3000);
  check(new Set(sent)).toEqual(new Set(orders.ids));
  await control("DELETE", "/faults");
});

// The two schedules share their wait for a minute slot; lib/jobs/periodic.test.ts and lib/schedules prove slot after slot.
test("issue 29's journey: a key made in the browser queues 250 ids, one automatic run sends them once across A and B, revoked on both; an import schedule beside it starts once", async ({ browser }) => {
  test.setTimeout(240_000);
  for (const name of ["a", "b"] as const) {
    const { child } = cluster.instance(name);
    if (child.exitCode !== null || child.signalCode !== null) await cluster.startInstance(name);
  }
  const at = (name: "a" | "b") => `http://127.0.0.1:${port(name)}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${at("a")}/login`);
  await page.getByLabel("Email").fill("admin@demo.local");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${at("a")}/`);

  // Two instances and one import schedule give one start: made first, read at the end.
  const stockSince = (await control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq;
  const stockForm = { kind: "stock", name: "Cluster stock", rule: { type: "every", minutes: 1 }, timeZone: "Europe/Istanbul" };
  const stockCreated = await page.request.post(`${at("a")}/api/erp/schedules`, { headers: origin("a"), data: stockForm });
  expect(stockCreated.status(), await stockCreated.text()).toBe(201);
  const stockId = ((await stockCreated.json()) as { schedule: { id: string } }).schedule.id;

  await page.goto(`${at("a")}/team/keys`);
  const keyName = `Cluster ERP sync ${Date.now()}`;
  await page.getByLabel("Name").fill(keyName);
  await chooseOption(page.getByLabel("Role"), "Operator");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("key-secret")).toHaveText(/^labsc_[0-9A-Za-z]{43}$/);
  const secret = (await page.getByTestId("key-secret").textContent())!;

  // The script: plain Node fetch with the key, every answer checked against the served description.
  const mismatches = answerChecker((await (await fetch(`${cluster.url}/api/v1/openapi.json`)).json()) as Record<string, unknown>);
  const v1 = async <T>(where: string, method: string, path: string, template: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${where}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    expect(mismatches({ method, path: template, status: res.status, headers: res.headers, body: json }), `${method} ${path}`).toEqual([]);
    return { status: res.status, headers: res.headers, body: json };
  };
  type Run = { id: string; state: string; origin: string; counts: Record<string, number> };
  type RunPage = { run: Run; orders: { items: { orderId: string; outcome: string }[] } };
  const finished = (where: string, runId: string) =>
    expect.poll(async () => (await v1<RunPage>(where, "GET", `/transfers/${runId}?limit=10`, "/transfers/{runId}")).body.run.state, { timeout: 60_000, intervals: [2000] }).toBe("completed");

  // An earlier run (through the balancer) transfers five of the ids the script will queue.
  const { orders } = await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 249 });
  const earlier = orders.ids.slice(0, 5);
  const fresh = orders.ids.slice(5);
  const before = await v1<{ run: Run }>(cluster.url, "POST", "/transfers", "/transfers", { orderIds: earlier }, { "Idempotency-Key": randomUUID() });
  expect(before.status).toBe(201);
  await finished(cluster.url, before.body.run.id);

  const queued = await v1<{ queued: string[]; alreadyTransferred: { orderId: string }[]; invalid: { id: string; reason: string }[] }>(cluster.url, "POST", "/order-queue", "/order-queue", {
    orderIds: [...orders.ids, "35x72"],
  });
  expect(queued.status).toBe(200);
  expect(queued.body.queued).toEqual(fresh);
  expect(queued.body.alreadyTransferred.map((t) => t.orderId).sort()).toEqual([...earlier].sort());
  expect(queued.body.invalid).toEqual([{ id: "35x72", reason: "not_a_number" }]);

  // An automatic transfer schedule, every minute with a cap above the queue, made through the browser's route on A.
  const since = (await control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq;
  const form = { kind: "transfer", name: "Cluster queue", rule: { type: "every", minutes: 1 }, timeZone: "Europe/Istanbul", maxOrders: 250 };
  const created = await page.request.post(`${at("a")}/api/erp/schedules`, { headers: origin("a"), data: form });
  expect(created.status(), await created.text()).toBe(201);
  const scheduleId = ((await created.json()) as { schedule: { id: string } }).schedule.id;
  type History = { outcome: string; dueAt: string; transferRunId: string | null }[];
  const historyOf = async (name: "a" | "b", id: string): Promise<History> =>
    ((await (await page.request.get(`${at(name)}/api/erp/schedules`)).json()) as { items: { id: string; history: History }[] }).items.find((s) => s.id === id)?.history ?? [];
  const history = (name: "a" | "b") => historyOf(name, scheduleId);
  // Both instances tick every 15 s; the first minute slot comes within 75 s.
  await expect.poll(async () => (await history("b")).length, { timeout: 100_000, intervals: [2000] }).toBeGreaterThanOrEqual(1);
  const [start] = await history("a");
  expect(start).toMatchObject({ outcome: "started", transferRunId: expect.any(String) });
  const runId = start!.transferRunId!;

  // The script reads the run and its outcomes through the API, from B.
  await finished(at("b"), runId);
  const outcomes = new Map<string, string>();
  for (let p = 1; p <= 3; p++) {
    const read = await v1<RunPage>(at("b"), "GET", `/transfers/${runId}?limit=100&page=${p}`, "/transfers/{runId}");
    expect(read.status).toBe(200);
    expect(read.body.run).toMatchObject({ origin: "automatic", counts: { total: fresh.length, transferred: fresh.length } });
    for (const o of read.body.orders.items) outcomes.set(o.orderId, o.outcome);
  }
  expect([...outcomes.keys()].sort()).toEqual([...fresh].sort());
  expect(new Set(outcomes.values())).toEqual(new Set(["transferred"]));
  const automatic = await v1<{ items: Run[] }>(at("a"), "GET", "/transfers?origin=automatic&limit=100", "/transfers");
  expect(automatic.body.items.map((r) => r.id)).toEqual([runId]);
  expect((await v1<{ count: number }>(at("a"), "GET", "/order-queue", "/order-queue")).body.count).toBe(0);
  // The emulator got each queued id once, and nothing else, although both instances ticked.
  const log = await control<{ requests: { path: string; body: unknown }[] }>("GET", `/requests?since=${since}&limit=100000`);
  const sent = log.requests.filter((r) => r.path === "/v1/action/orders-erp-transfer").flatMap((r) => (r.body as { orderIds?: string[] }).orderIds ?? []);
  expect(sent.sort()).toEqual([...fresh].sort());
  expect(await history("b")).toHaveLength(1);
  const paused = await page.request.post(`${at("b")}/api/erp/schedules/${scheduleId}/pause`, { headers: origin("b") });
  expect(paused.status()).toBe(200);

  // The import schedule: started at each due time so far, once each, read through either instance.
  await expect.poll(async () => (await historyOf("b", stockId)).length, { timeout: 90_000, intervals: [2000] }).toBeGreaterThanOrEqual(1);
  expect((await page.request.post(`${at("b")}/api/erp/schedules/${stockId}/pause`, { headers: origin("b") })).status()).toBe(200);
  const starts = await historyOf("a", stockId);
  expect(starts.every((x) => x.outcome === "started")).toBe(true);
  expect(new Set(starts.map((x) => x.dueAt)).size).toBe(starts.length);
  // The emulator's request log: exactly one stock import call per due time, from whichever instance claimed it.
  const stockLog = await control<{ requests: { method: string; path: string }[] }>("GET", `/requests?since=${stockSince}&limit=100000`);
  expect(stockLog.requests.filter((r) => r.method === "POST" && r.path === "/v1/action/products-qty-erp-sync")).toHaveLength(starts.length);
  const imports = (await (await page.request.get(`${at("a")}/api/erp/imports?limit=100`)).json()) as { items: { origin?: string; scheduleId?: string | null }[] };
  expect(imports.items.filter((r) => r.origin === "scheduled" && r.scheduleId === stockId)).toHaveLength(starts.length);

  // The admin revokes the key on A; its next call is refused by A and by B.
  await page.goto(`${at("a")}/team/keys`);
  const row = page.getByRole("row").filter({ hasText: keyName });
  await row.getByRole("button", { name: `Revoke ${keyName}` }).click();
  await page.getByTestId("revoke-key-dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  for (const name of ["a", "b"] as const) {
    const refused = await v1(at(name), "GET", "/order-queue", "/order-queue");
    expect(refused.status, `instance ${name}`).toBe(401);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
  }
  await context.close();
});

const TRANSFER = "/v1/action/orders-erp-transfer";
type Log = { path: string; status: number; body: { orderIds?: string[] } }[];

async function bothUp() {
  for (const name of ["a", "b"] as const) {
    const { child } = cluster.instance(name);
    if (child.exitCode !== null || child.signalCode !== null) await cluster.startInstance(name);
  }
  return { a: cluster.instance("a").log.length, b: cluster.instance("b").log.length };
}

const linesSince = (marks: Record<"a" | "b", number>, ...words: string[]) =>
  (["a", "b"] as const).flatMap((n) => cluster.instance(n).log.slice(marks[n]).filter((l) => words.every((w) => l.includes(w))));

/** A viewer key made through A; its reads of /api/v1 through either instance. */
async function v1Reader(admin: Awaited<ReturnType<typeof signedIn>>) {
  const expiresOn = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const made = await admin.call("POST", "/api/keys", { headers: { ...origin("a"), "Content-Type": "application/json" }, body: JSON.stringify({ name: `Cluster reader ${Date.now()}`, role: "viewer", expiresOn }) });
  expect(made.status, made.body).toBe(201);
  const { secret } = JSON.parse(made.body) as { secret: string };
  return async <T>(at: "a" | "b", path: string): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${port(at)}/api/v1${path}`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
}

// Rules count whole minutes, so the due times are set in the database. The tick holding the import call (25 s) found both
// due; the next tick, on the other instance, starts the reconcile meanwhile, and the first tick's claim finds it taken.
test("two instances running the reconcile schedule produce one run: a tick overlapping another finds the due start claimed", async () => {
  test.setTimeout(90_000);
  await bothUp();
  const admin = await signedIn("127.0.0.49", "admin", "a");
  const read = await v1Reader(admin);
  const later = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, "0")}:00`;
  const make = async (body: Record<string, unknown>) => {
    const res = await admin.call("POST", "/api/erp/schedules", { headers: { ...origin("a"), "Content-Type": "application/json" }, body: JSON.stringify({ rule: { type: "daily", times: [later] }, timeZone: "UTC", ...body }) });
    expect(res.status, res.body).toBe(201);
    return (JSON.parse(res.body) as { schedule: { id: string } }).schedule.id;
  };
  const name = `Cluster reconcile ${Date.now()}`;
  const reconcileId = await make({ kind: "reconcile", name, windowHours: 1 });
  const importId = await make({ kind: "prices", name: `Cluster prices ${Date.now()}` });
  await control("POST", "/faults", { method: "POST", path: "/v1/action/products-price-erp-sync", latencyMs: 25_000, times: 1 });
  const marks = await bothUp();
  await cluster.sql("update schedules set next_start_at = date_trunc('second', now()) - case when id = $1 then interval '2 seconds' else interval '1 second' end where id in ($1, $2)", [importId, reconcileId]);
  await expect.poll(() => linesSince(marks, "schedules ticked").length, { timeout: 60_000, intervals: [1000] }).toBeGreaterThanOrEqual(2);

  type History = { outcome: string; at: string; reconciliationId: string | null }[];
  const { items } = JSON.parse((await admin.call("GET", "/api/erp/schedules", { port: port("b") })).body) as { items: { id: string; history: History }[] };
  const historyOf = (id: string) => items.find((s) => s.id === id)!.history;
  const started = historyOf(reconcileId);
  expect(started).toEqual([expect.objectContaining({ outcome: "started", reconciliationId: expect.any(String) })]);
  expect(Date.parse(started[0]!.at), "started while the other tick waited on the import").toBeLessThan(Date.parse(historyOf(importId)[0]!.at));
  const listed = await read<{ items: { id: string; createdBy: { name: string } }[] }>("a", "/reconciliations?limit=50");
  expect(listed.items.filter((r) => r.createdBy.name === name).map((r) => r.id)).toEqual([started[0]!.reconciliationId]);
  for (const id of [reconcileId, importId]) expect((await admin.call("DELETE", `/api/erp/schedules/${id}`, { headers: origin("a") })).status).toBe(200);
  await control("DELETE", "/faults");
});

test("the breaker's state is shared: sends through A open it, B answers held by the breaker and refuses a queue send; one probe closes it for both and what waited is sent once", async () => {
  test.setTimeout(90_000);
  await bothUp();
  const admin = await signedIn("127.0.0.50", "admin", "a");
  const read = await v1Reader(admin);
  type Hold = { held: boolean; by: string | null; breaker: string };
  const hold = (at: "a" | "b") => read<Hold>(at, "/transfer-hold");
  const post = (at: "a" | "b", path: string, body: unknown = {}, key = false) =>
    admin.call("POST", path, { port: port(at), headers: { ...origin(at), "Content-Type": "application/json", ...(key ? { "Idempotency-Key": randomUUID() } : {}) }, body: JSON.stringify(body) });
  expect(await hold("b")).toMatchObject({ held: false, breaker: "closed" });
  const { orders } = await control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: 8 });
  const [outage, waiting] = [orders.ids.slice(0, 3), orders.ids.slice(3)];
  const since = (await control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq;

  await control("POST", "/faults", { method: "POST", path: TRANSFER, kind: "respond", status: 503, retryAfter: 60, body: { status: "error", message: "Bakım çalışması" } });
  try {
    for (const id of outage) {
      expect((await post("a", "/api/erp/queue", { orderIds: [id] })).status).toBe(200);
      const sent = await post("a", "/api/erp/queue/send", {}, true);
      expect(sent.status, sent.body).toBe(201);
      const runId = (JSON.parse(sent.body) as { run: { id: string } }).run.id;
      await expect.poll(async () => (JSON.parse((await admin.call("GET", `/api/erp/transfers/${runId}`, { port: port("a") })).body) as { run: { state: string } }).run.state, { timeout: 15_000 }).toBe("completed");
    }
    const open = await hold("b");
    expect(open).toMatchObject({ held: true, by: "breaker" });
    expect(["open", "half_open"]).toContain(open.breaker);
    const refused = await post("b", "/api/erp/queue/send", {}, true);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body)).toMatchObject({ reason: "transfers_held", hold: { by: "breaker" } });
  } finally {
    await control("DELETE", "/faults");
  }

  // The probe's call answers after 5 s: the ticks meanwhile, on either instance, find it in flight and send no other.
  await control("POST", "/faults", { method: "POST", path: TRANSFER, latencyMs: 5000, times: 1 });
  const marks = await bothUp();
  expect((await post("b", "/api/erp/queue", { orderIds: waiting })).status).toBe(200);
  await expect.poll(async () => [(await hold("a")).breaker, (await hold("b")).breaker], { timeout: 20_000 }).toEqual(["closed", "closed"]);
  const calls = async () => (await control<{ requests: Log }>("GET", `/requests?since=${since}&limit=100000`)).requests.filter((r) => r.path === TRANSFER);
  const delivered = async () => (await calls()).filter((r) => r.status === 200).map((r) => r.body.orderIds ?? []);
  await expect.poll(async () => (await delivered()).flat().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(waiting.length);
  expect((await calls()).filter((r) => r.status === 503).flatMap((r) => r.body.orderIds)).toEqual(outage);
  // One probe of one order, won by one instance, then the drain of the rest: each id once.
  expect((await delivered()).map((ids) => ids.length)).toEqual([1, waiting.length - 1]);
  expect((await delivered()).flat().sort()).toEqual([...waiting].sort());
  expect(linesSince(marks, "breaker ticked", '"done":"probe"')).toHaveLength(1);
  for (const at of ["a", "b"] as const) expect(await hold(at)).toMatchObject({ held: false, by: null, breaker: "closed" });
  await control("DELETE", "/faults");
});
