import http from "node:http";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { emulator, emulatorOrders } from "@/test/emulator";
import { E2E_BASE_URL, E2E_BREAKER_ALERTS, storageStateFor } from "@/test/env";

// The journey with the emulator's fault switches: the ERP answers 503 to every transfer while an
// automatic schedule sends each pushed order; its runs fail until the breaker holds them (within 3 batches),
// one alert reaches a real receiver; the fault lifts, a probe of one queued order closes the breaker, one
// "recovered" alert, and the drain sends what waited in batches 2 s apart (TRANSFER_DRAIN_BATCHES_PER_MINUTE
// 30): each order once, none lost.

test.use({ storageState: storageStateFor("operator") });

const TRANSFER = "/v1/action/orders-erp-transfer";
const ORIGIN = { origin: E2E_BASE_URL };

interface Hold {
  held: boolean;
  by: string | null;
  breaker: string;
  breakerDetail: { cause: { kind: string; status?: number }; failing: number; of: number } | null;
}

const holdOf = async (request: APIRequestContext) => (await (await request.get("/api/erp/hold")).json()) as Hold;
const sendQueue = (request: APIRequestContext) => request.post("/api/erp/queue/send", { headers: { ...ORIGIN, "Idempotency-Key": randomUUID() } });
const runState = (request: APIRequestContext, runId: string) => async () => ((await (await request.get(`/api/erp/transfers/${runId}`)).json()) as { run: { state: string } }).run.state;
const automaticRunOf = async (request: APIRequestContext, orderId: string) => {
  const res = await request.get(`/api/erp/orders/${orderId}`);
  const runs = res.ok() ? ((await res.json()) as { runs: { runId: string; origin: string }[] }).runs : [];
  return runs.find((r) => r.origin === "automatic")?.runId ?? null;
};
const queued = async (request: APIRequestContext) => ((await (await request.get("/api/erp/queue")).json()) as { count: number }).count;

async function enqueue(request: APIRequestContext, orderIds: string[]) {
  const res = await request.post("/api/erp/queue", { headers: ORIGIN, data: { orderIds } });
  expect(res.status(), await res.text()).toBe(200);
}

test("a platform-wide 503 holds automatic transfers within 3 batches with one alert; once the ERP answers, a probe closes the breaker and a paced drain sends what waited, each order once", async ({ request, playwright }) => {
  test.setTimeout(120_000);
  const alerts: string[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const sent = JSON.parse(body) as { type: string; event: { change?: string } };
      alerts.push(`${sent.type}:${sent.event.change}`);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(E2E_BREAKER_ALERTS.port, "127.0.0.1", resolve));
  const admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin") });
  let channel: string | null = null;
  let scheduleId: string | null = null;
  try {
    const made = await admin.post("/api/alerts/channels", {
      headers: ORIGIN,
      data: { name: `Breaker ${Date.now()}`, kind: "webhook", enabled: true, events: ["transfer.breaker"], url: `http://127.0.0.1:${E2E_BREAKER_ALERTS.port}/breaker`, signingSecret: "e2e-breaker-signing-secret-0350" },
    });
    expect(made.status(), await made.text()).toBe(201);
    channel = ((await made.json()) as { channel: { id: string } }).channel.id;
    expect(await holdOf(request)).toMatchObject({ held: false, breaker: "closed" });
    expect(await queued(request)).toBe(0);

    const seq = await emulatorOrders.lastSeq();
    const outage = await emulatorOrders.seed(3);
    const waiting = await emulatorOrders.seed(150);
    await emulator.addFault({ path: TRANSFER, kind: "respond", status: 503, retryAfter: 60, body: { status: "error", message: "Bakım çalışması" } });
    const schedule = await request.post("/api/erp/schedules", { headers: ORIGIN, data: { kind: "transfer", name: `Breaker journey ${Date.now()}`, rule: { type: "every", minutes: 1440 }, sendWhenWaiting: 1 } });
    expect(schedule.status(), await schedule.text()).toBe(201);
    scheduleId = ((await schedule.json()) as { schedule: { id: string } }).schedule.id;
    const outageRuns: string[] = [];
    for (const id of outage) {
      if ((await holdOf(request)).breaker !== "closed") break;
      await enqueue(request, [id]);
      await expect.poll(() => automaticRunOf(request, id), { timeout: 15_000 }).not.toBeNull();
      const runId = (await automaticRunOf(request, id))!;
      outageRuns.push(runId);
      await expect.poll(runState(request, runId), { timeout: 15_000 }).toBe("completed");
    }
    expect(outageRuns.length).toBeLessThanOrEqual(3);
    const open = await holdOf(request);
    expect(open).toMatchObject({ held: true, by: "breaker", breaker: "open", breakerDetail: { cause: { kind: "http", status: 503 } } });
    expect(open.breakerDetail!.failing).toBeGreaterThanOrEqual(3);
    const refused = await sendQueue(request);
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ reason: "transfers_held", hold: { by: "breaker" } });
    await expect.poll(() => alerts, { timeout: 30_000 }).toEqual(["transfer.breaker:opened"]);

    await emulator.clearFaults();
    await enqueue(request, waiting);
    await expect.poll(async () => (await holdOf(request)).breaker, { timeout: 20_000 }).toBe("closed");
    await expect.poll(async () => (await emulatorOrders.transferredSince(seq)).length, { timeout: 45_000 }).toBeGreaterThanOrEqual(waiting.length + outageRuns.length);
    await expect.poll(() => alerts, { timeout: 30_000 }).toEqual(["transfer.breaker:opened", "transfer.breaker:recovered"]);

    const calls = (await emulator.requests(seq)).requests.filter((r) => r.path === TRANSFER);
    const delivered = calls.filter((r) => r.status === 200).flatMap((r) => (r.body as { orderIds: string[] }).orderIds);
    expect(delivered.sort()).toEqual([...waiting].sort());
    expect(calls.filter((r) => r.status === 503).flatMap((r) => (r.body as { orderIds: string[] }).orderIds)).toEqual(outage.slice(0, outageRuns.length));
    expect(await queued(request)).toBe(0);
    const drain = calls.filter((r) => r.status === 200 && (r.body as { orderIds: string[] }).orderIds.length > 1);
    expect(drain.map((r) => (r.body as { orderIds: string[] }).orderIds.length)).toEqual([100, 49]);
    expect(Date.parse(drain[1]!.at) - Date.parse(drain[0]!.at)).toBeGreaterThanOrEqual(1_900);
    for (const runId of outageRuns) {
      const run = (await (await request.get(`/api/erp/transfers/${runId}`)).json()) as { run: { meanings: { failed: number }; stop: unknown } };
      expect(run.run).toMatchObject({ meanings: { failed: 1 }, stop: null });
    }
    expect(await holdOf(request)).toMatchObject({ held: false, by: null, breaker: "closed", breakerDetail: null });
  } finally {
    await emulator.clearFaults();
    if (scheduleId) expect((await request.delete(`/api/erp/schedules/${scheduleId}`, { headers: ORIGIN })).status()).toBe(200);
    if (channel) await admin.delete(`/api/alerts/channels/${channel}`, { headers: ORIGIN });
    await admin.dispose();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
