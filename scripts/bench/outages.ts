// Issue 38's bench part: the breaker against a platform-wide 503, the paced drain of 10,000 held orders, and push-to-outcome
// with near-real-time sending; one console (dist/) with the emulator on a database of its own.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { EmulatorControl, signIn, type EmulatorLogEntry } from "@/scripts/bench/http";
import type { Stack } from "@/scripts/bench/stack";
import { median, percentile, round } from "@/scripts/bench/stats";
import { createTestDatabase } from "@/test/test-database";

const TRANSFER = "/v1/action/orders-erp-transfer";
const SETTLED = ["transferred", "not_transferred", "unknown"];

export const OUTAGES = {
  drainOrders: 10_000,
  drainPerMinute: 120,
  probeSeconds: 2,
  probeOrders: 1,
  breakerPushOrders: 20,
  breakerMaxPushes: 10,
  streamOrders: 1_000,
  streamPushOrders: 20,
  streamPushEveryMs: 1_200,
  early: { sendWhenWaiting: 100, sendWhenOldestSeconds: 15 },
};

export interface PaceFigures {
  batches: number;
  spanS: number;
  achievedPerMinute: number;
  configuredPerMinute: number;
  deviationPct: number;
  gapP50Ms: number;
  gapMaxMs: number;
}

/** Batches per minute over the span from the first send to the last (n sends, n - 1 gaps), against the configured pace. */
export function paceOf(sendTimesMs: readonly number[], configuredPerMinute: number): PaceFigures {
  const times = [...sendTimesMs].sort((a, b) => a - b);
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  const spanMs = times.length > 1 ? times.at(-1)! - times[0]! : Number.NaN;
  const achieved = (gaps.length * 60_000) / spanMs;
  return {
    batches: times.length,
    spanS: round(spanMs / 1000, 1),
    achievedPerMinute: round(achieved, 2),
    configuredPerMinute,
    deviationPct: round(100 * (achieved / configuredPerMinute - 1), 2),
    gapP50Ms: round(median(gaps), 0),
    gapMaxMs: round(Math.max(...gaps), 0),
  };
}

/** How often each expected id went out in an answered call: none missing, none twice, nothing else. */
export function sentOnce(expected: readonly string[], sent: readonly string[]): { missing: number; twice: number; strangers: number } {
  const seen = new Map<string, number>();
  for (const id of sent) seen.set(id, (seen.get(id) ?? 0) + 1);
  const want = new Set(expected);
  return {
    missing: expected.filter((id) => !seen.has(id)).length,
    twice: [...seen].filter(([id, n]) => want.has(id) && n > 1).length,
    strangers: [...seen.keys()].filter((id) => !want.has(id)).length,
  };
}

export interface OutagesOptions {
  newStack: () => Stack;
  demo: { email: string; password: string };
  log: (message: string) => void;
}

interface Hold {
  held: boolean;
  by: string | null;
  breaker: string;
  breakerDetail: { failing: number; of: number } | null;
}

const idsOf = (e: EmulatorLogEntry & { body?: unknown }) => (e.body as { orderIds?: string[] } | null)?.orderIds ?? [];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await pause(200);
  }
}

export async function measureOutages(o: OutagesOptions) {
  if (!process.env.TEST_DATABASE_URL?.trim()) throw new Error("--only=outages reads outcomes from PostgreSQL: run it without --embedded-only");
  const database = await createTestDatabase("labs_bench");
  const stack = o.newStack();
  stack.setEnv({
    DATABASE_URL: database.url,
    TRANSFER_DRAIN_BATCHES_PER_MINUTE: String(OUTAGES.drainPerMinute),
    BREAKER_PROBE_SECONDS: String(OUTAGES.probeSeconds),
    BREAKER_PROBE_ORDERS: String(OUTAGES.probeOrders),
  });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await stack.start();
    await client.connect();
    const session = await signIn(stack.consoleUrl, o.demo.email, o.demo.password);
    const emu = new EmulatorControl(stack.emulatorUrl, stack.token);
    const call = async <T>(method: string, path: string, body?: unknown, key?: string): Promise<T> => {
      const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : { Cookie: session.cookie, Origin: stack.consoleUrl };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const res = await fetch(`${stack.consoleUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as T;
    };
    const expiresOn = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const { secret } = await call<{ secret: string }>("POST", "/api/keys", { name: `Bench ${Date.now()}`, role: "operator", expiresOn });
    const push = (orderIds: string[]) => call<{ queued: string[] }>("POST", "/api/v1/order-queue", { orderIds }, secret);
    const hold = () => call<Hold>("GET", "/api/erp/hold");
    const seed = async (n: number) => (await emu.call<{ orders: { ids: string[] } }>("POST", "/seed", { orders: n })).orders.ids;
    // A transferred order's row is not written: the run's mark passes it, and the API's settledAt is then the run's end.
    const settledAt = async (ids: readonly string[]) =>
      (
        await client.query<{ order_id: string; updated_at: Date }>(
          "select o.order_id, coalesce(o.updated_at, r.finished_at) as updated_at from erp_transfer_orders o join erp_transfer_runs r on r.id = o.run_id where o.order_id = any($1) and (o.outcome = any($2) or (o.position <= r.transferred_through and r.finished_at is not null))",
          [ids, SETTLED],
        )
      ).rows;
    const runsDone = async (ids: readonly string[]) => {
      const { rows } = await client.query<{ carried: string; open: string }>(
        "select count(distinct o.order_id) as carried, count(*) filter (where r.state not in ('completed', 'interrupted')) as open from erp_transfer_orders o join erp_transfer_runs r on r.id = o.run_id where o.order_id = any($1)",
        [ids],
      );
      return Number(rows[0]!.carried) === ids.length && Number(rows[0]!.open) === 0;
    };
    const inAHalfDay = new Date(Date.now() + 12 * 3_600_000).toISOString().slice(11, 16);
    const schedule = (early: { sendWhenWaiting?: number; sendWhenOldestSeconds?: number }) =>
      call<{ schedule: { id: string } }>("POST", "/api/erp/schedules", { kind: "transfer", name: `Bench ${randomUUID().slice(0, 8)}`, rule: { type: "daily", times: [inAHalfDay] }, timeZone: "UTC", ...early });

    // The breaker: every transfer answers 503; automatic sends (a schedule's near-real-time trigger) until it holds.
    o.log(`outages 1/3, the breaker: every transfer answers 503; pushes of ${OUTAGES.breakerPushOrders} orders, each sent at once by a schedule (sendWhenWaiting ${OUTAGES.breakerPushOrders}), until the breaker holds`);
    const trigger = (await schedule({ sendWhenWaiting: OUTAGES.breakerPushOrders })).schedule.id;
    const breakerSeq = await emu.clearLog();
    const fault = await emu.call<{ id: number }>("POST", "/faults", { path: TRANSFER, kind: "respond", status: 503, body: { status: "error", message: "Bakım çalışması" } });
    let pushes = 0;
    let opened: Hold | null = null;
    const outageStarted = Date.now();
    while (pushes < OUTAGES.breakerMaxPushes) {
      const ids = await seed(OUTAGES.breakerPushOrders);
      await push(ids);
      pushes++;
      await until("an automatic run of the pushed orders", 60_000, () => runsDone(ids));
      const now = await hold();
      if (now.breaker !== "closed") {
        opened = now;
        break;
      }
    }
    const openedAfterS = round((Date.now() - outageStarted) / 1000, 1);
    if (!opened) throw new Error(`the breaker did not open after ${pushes} failed automatic batches`);
    const failedBatches = (await emu.requestsSince(breakerSeq)).filter((e) => e.method === "POST" && e.path === TRANSFER && e.status === 503).length;
    await call("DELETE", `/api/erp/schedules/${trigger}`);
    const breaker = { failedBatchesOnTheWire: failedBatches, pushes, openedAfterS, held: opened.held, by: opened.by, state: opened.breaker, detail: opened.breakerDetail, thresholds: "the console's defaults (BREAKER_WINDOW_BATCHES 4, BREAKER_OPEN_AFTER 3)" };
    o.log(`  held (${opened.by}, ${opened.breaker}) after ${failedBatches} failed batches on the wire, ${openedAfterS} s after the first push`);

    // The drain: 10,000 orders queued under a person's hold (which outranks the breaker), the fault lifted, the hold lifted:
    //    the breaker's probe closes it and its paced drain sends what waited.
    o.log(`outages 2/3, the paced drain: ${OUTAGES.drainOrders.toLocaleString("en")} orders queued while held; pace ${OUTAGES.drainPerMinute} batches a minute of 100 (TRANSFER_DRAIN_BATCHES_PER_MINUTE), probe every ${OUTAGES.probeSeconds} s of ${OUTAGES.probeOrders} order`);
    await call("PUT", "/api/erp/hold", { held: true, reason: "Bench: month-end close" });
    const drainIds = await seed(OUTAGES.drainOrders);
    const queued = await push(drainIds);
    if (queued.queued.length !== drainIds.length) throw new Error(`queued ${queued.queued.length} of ${drainIds.length}`);
    await emu.call("DELETE", `/faults/${fault.id}`);
    const drainSeq = await emu.clearLog();
    const lifted = Date.now();
    await call("PUT", "/api/erp/hold", { held: false });
    const drainCalls = await until("the drain to send every held order", 5 * 60_000, async () => {
      const calls = (await emu.requestsSince(drainSeq)).filter((e) => e.method === "POST" && e.path === TRANSFER);
      return calls.reduce((n, e) => n + idsOf(e).length, 0) >= drainIds.length ? calls : null;
    });
    const probe = drainCalls.filter((e) => idsOf(e).length <= OUTAGES.probeOrders);
    const paced = drainCalls.filter((e) => idsOf(e).length > OUTAGES.probeOrders);
    const pace = paceOf(paced.map((e) => Date.parse(e.at)), OUTAGES.drainPerMinute);
    const once = sentOnce(drainIds, drainCalls.filter((e) => e.status === 200).flatMap(idsOf));
    const after = await hold();
    const left = Number((await client.query<{ n: string }>("select count(*) as n from order_queue")).rows[0]!.n);
    const drain = {
      orders: drainIds.length,
      probeCalls: probe.length,
      firstDrainBatchAfterLiftS: paced[0] ? round((Date.parse(paced[0].at) - lifted) / 1000, 1) : null,
      ...pace,
      sent: once,
      failedCalls: drainCalls.filter((e) => e.status !== 200).length,
      queueLeft: left,
      breakerAfter: after.breaker,
    };
    o.log(`  ${pace.batches} drain batches in ${pace.spanS} s: ${pace.achievedPerMinute} a minute against ${pace.configuredPerMinute} (${pace.deviationPct} %); missing ${once.missing}, twice ${once.twice}`);

    // Push to outcome with near-real-time sending on: a steady stream of small pushes.
    const { early } = OUTAGES;
    o.log(`outages 3/3, push to outcome: ${OUTAGES.streamOrders} orders in pushes of ${OUTAGES.streamPushOrders} every ${OUTAGES.streamPushEveryMs} ms; schedule sendWhenWaiting ${early.sendWhenWaiting}, sendWhenOldestSeconds ${early.sendWhenOldestSeconds}`);
    await schedule(early);
    const streamIds = await seed(OUTAGES.streamOrders);
    const pushedAt = new Map<string, number>();
    let queuedByPushes = 0;
    const t0 = Date.now();
    for (let i = 0, k = 0; i < streamIds.length; i += OUTAGES.streamPushOrders, k++) {
      const wait = t0 + k * OUTAGES.streamPushEveryMs - Date.now();
      if (wait > 0) await pause(wait);
      const ids = streamIds.slice(i, i + OUTAGES.streamPushOrders);
      const at = Date.now();
      const answer = await push(ids);
      queuedByPushes += answer.queued.length;
      for (const id of ids) pushedAt.set(id, at);
    }
    const streamS = round((Date.now() - t0) / 1000, 1);
    const settled = await until("every streamed order's outcome", 150_000, async () => {
      const rows = await settledAt(streamIds);
      return rows.length >= streamIds.length ? rows : null;
    }).catch(() => settledAt(streamIds));
    const lags = settled.map((r) => (r.updated_at.getTime() - pushedAt.get(r.order_id)!) / 1000);
    const sample = streamIds.filter((_, i) => i % 200 === 0);
    const byApi = await Promise.all(sample.map((id) => call<{ runs: { meaning: string; settledAt: string | null }[] }>("GET", `/api/v1/orders/${id}`, undefined, secret)));
    const dbOf = new Map(settled.map((r) => [r.order_id, r.updated_at.toISOString()]));
    const apiAgrees = byApi.every((h, i) => h.runs[0]?.settledAt === dbOf.get(sample[i]!));
    const outcomes = await client.query<{ outcome: string; n: string }>("select case when o.outcome = 'pending' and o.position <= r.transferred_through then 'transferred' else o.outcome end as outcome, count(*) as n from erp_transfer_orders o join erp_transfer_runs r on r.id = o.run_id where o.order_id = any($1) group by 1", [streamIds]);
    const stillQueued = Number((await client.query<{ n: string }>("select count(*) as n from order_queue where order_id = any($1)", [streamIds])).rows[0]!.n);
    const runStates = await client.query<{ state: string; n: string }>("select r.state, count(distinct r.id) as n from erp_transfer_runs r join erp_transfer_orders o on o.run_id = r.id where o.order_id = any($1) group by r.state", [streamIds]);
    const runs = await client.query<{ n: string }>("select count(distinct run_id) as n from erp_transfer_orders where order_id = any($1)", [streamIds]);
    const stream = {
      orders: streamIds.length,
      pushOrders: OUTAGES.streamPushOrders,
      pushEveryMs: OUTAGES.streamPushEveryMs,
      early,
      streamS,
      runs: Number(runs.rows[0]!.n),
      outcomes: Object.fromEntries(outcomes.rows.map((r) => [r.outcome, Number(r.n)])),
      queuedByPushes,
      unsettled: streamIds.length - settled.length,
      stillQueued,
      runStates: Object.fromEntries(runStates.rows.map((r) => [r.state, Number(r.n)])),
      p50S: round(median(lags), 1),
      p95S: round(percentile(lags, 95), 1),
      maxS: round(Math.max(...lags), 1),
      apiAgreesOnSample: apiAgrees,
    };
    o.log(`  ${stream.orders} orders over ${streamS} s in ${stream.runs} runs: push to outcome p50 ${stream.p50S} s, p95 ${stream.p95S} s, max ${stream.maxS} s; ${stream.unsettled} without an outcome (queued ${queuedByPushes}, ${JSON.stringify(stream.outcomes)}, ${stillQueued} still queued, runs ${JSON.stringify(stream.runStates)})`);
    return { meta: { date: new Date().toISOString(), store: "postgres" }, breaker, drain, stream };
  } finally {
    await client.end().catch(() => undefined);
    await stack.close();
    await database.drop().catch(() => undefined);
  }
}

export type OutagesResult = Awaited<ReturnType<typeof measureOutages>>;

export function outageTargets(r: OutagesResult): { target: string; value: number | null; met: boolean }[] {
  const d = r.drain;
  const sentOk = d.sent.missing === 0 && d.sent.twice === 0 && d.sent.strangers === 0 && d.queueLeft === 0;
  return [
    { target: `draining ${d.orders.toLocaleString("en")} held orders keeps its pace (${d.configuredPerMinute}/min) within 10 % (deviation, %)`, value: d.deviationPct, met: Math.abs(d.deviationPct) <= 10 },
    { target: `every held order sent once (missing + twice + strangers + left queued)`, value: d.sent.missing + d.sent.twice + d.sent.strangers + d.queueLeft, met: sentOk },
    { target: `push to /api/v1/order-queue -> outcome, near-real-time on: p95 <= 60 s (s)`, value: r.stream.p95S, met: r.stream.p95S <= 60 && r.stream.unsettled === 0 && r.stream.apiAgreesOnSample },
    { target: "the breaker opens within 3 batches of a platform-wide 503 (failed batches on the wire)", value: r.breaker.failedBatchesOnTheWire, met: r.breaker.failedBatchesOnTheWire <= 3 && r.breaker.by === "breaker" },
  ];
}
