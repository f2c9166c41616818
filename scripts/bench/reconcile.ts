// Reconciliation and the order-age tile over the outcomes part's 1,000,000 stored outcomes (issue 37's bench part): the console's
// own work once the platform's list is in hand (paging excluded), its time and the process's memory growth while it runs.
import { randomUUID } from "node:crypto";
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { handledBetween, orderPlaces } from "@/lib/erp/transfers/order-guard";
import { addExpected, addUnknownToPlatform, assignBuckets, finishReconciliation, insertReconciliation, unsortedIds, type ExpectedOrder } from "@/lib/reconcile/store";
import { FIRST_ORDER_ID, type OutcomesShape } from "@/scripts/bench/outcomes";
import { median, percentile, round } from "@/scripts/bench/stats";

const RUN_STEP_MS = 15 * 60_000;
const CHANNELS = ["web", "trendyol", "hepsiburada"];
const MiB = 1024 * 1024;

export interface ReconcileShape {
  expected: number;
  neverSeen: number;
  /** Listed by the platform but left out of `known`: they come back as handled ids the platform does not list. */
  unlisted: number;
}

export const RECONCILE_SHAPE: ReconcileShape = { expected: 100_000, neverSeen: 2_000, unlisted: 500 };

function sampleRss(): { stop: () => number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

/** One reconciliation of `shape.expected` ids against the seeded runs: the window holds the runs whose ids they are. */
async function reconcileOnce(db: Kysely<Database>, outcomes: OutcomesShape, shape: ReconcileShape, firstRun: number, now: Date) {
  const stride = outcomes.ordersPerRun - outcomes.overlap;
  const seen = shape.expected - shape.neverSeen;
  const runsSpanned = Math.ceil(seen / stride) + 1;
  const start = now.getTime() - outcomes.runs * RUN_STEP_MS;
  const from = new Date(start + firstRun * RUN_STEP_MS);
  const to = new Date(start + (firstRun + runsSpanned) * RUN_STEP_MS);
  const firstId = FIRST_ORDER_ID + firstRun * stride;
  const lastStored = FIRST_ORDER_ID + (outcomes.runs - 1) * stride + outcomes.ordersPerRun;
  const id = randomUUID();
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const rss = sampleRss();
  const t0 = performance.now();
  // As the console holds the platform's answer: one object per listed order, then the expected rows made from it.
  const listed = Array.from({ length: shape.expected }, (_, i) => ({
    id: String(i < seen ? firstId + i : lastStored + 1_000_000 + firstRun * shape.neverSeen + i),
    source: CHANNELS[i % 3]!,
    createdAt: new Date(from.getTime() + (i % 1000) * 1000).toISOString(),
    status: "approved",
  }));
  const expected: ExpectedOrder[] = listed.map((o) => ({ orderId: o.id, orderDate: new Date(o.createdAt), source: o.source }));
  await insertReconciliation(db, { id, kind: "window", created_at: now, created_by_email: "bench@bench.local", created_by_name: "Bench", window_from: from, window_to: to, settled_before: now });
  await addExpected(db, id, expected);
  await assignBuckets(db, id, orderPlaces(unsortedIds(id)));
  await addUnknownToPlatform(db, id, handledBetween(from, to), listed.slice(shape.unlisted).map((o) => o.id));
  await finishReconciliation(db, id, { cancelled: 0, settling: 0, duplicates: 0 });
  const ms = performance.now() - t0;
  const peak = rss.stop();
  const row = await db.selectFrom("reconciliations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const buckets = { inErp: row.in_erp ?? 0, waiting: row.waiting ?? 0, open: row.open ?? 0, neverSeen: row.never_seen ?? 0, unknownToPlatform: row.unknown_to_platform ?? 0 };
  if (row.total !== shape.expected || buckets.inErp + buckets.waiting + buckets.open + buckets.neverSeen !== row.total || buckets.neverSeen < shape.neverSeen) {
    throw new Error(`reconciliation ${id}: total ${row.total}, buckets ${JSON.stringify(buckets)}; expected ${shape.expected} with at least ${shape.neverSeen} never seen`);
  }
  return { ms, growthMiB: (peak - rssBefore) / MiB, buckets };
}

/** The order-age read goes through lib/erp's server-only facade: this process is the server here, as under the unit runner. */
async function loadOrderAge() {
  const empty = pathToFileURL(path.resolve(import.meta.dirname, "../empty-module.ts")).href;
  registerHooks({ resolve: (specifier, context, next) => (specifier === "server-only" ? { url: empty, shortCircuit: true } : next(specifier, context)) });
  return (await import("@/lib/order-age/read")).orderAgeOf;
}

export async function measureReconcile(db: Kysely<Database>, outcomes: OutcomesShape, shape = RECONCILE_SHAPE, rounds = 3, now = new Date()) {
  const runs = [];
  // Three windows at different places in the history, none overlapping the next.
  for (let i = 0; i < rounds; i++) runs.push(await reconcileOnce(db, outcomes, shape, 200 + i * Math.ceil(shape.expected / (outcomes.ordersPerRun - outcomes.overlap) + 50), now));
  const orderAgeOf = await loadOrderAge();
  const thresholds = { warnDays: 5, criticalDays: 6, deadlineDays: 7 };
  await orderAgeOf(db, thresholds, now);
  const ageTimes: number[] = [];
  let ageTotal = 0;
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    ageTotal = (await orderAgeOf(db, thresholds, now)).total;
    ageTimes.push(performance.now() - t0);
  }
  return {
    shape,
    medianMs: round(median(runs.map((r) => r.ms)), 0),
    worstGrowthMiB: round(Math.max(...runs.map((r) => r.growthMiB)), 1),
    buckets: runs[0]!.buckets,
    orderAge: { waitingOrders: ageTotal, medianMs: round(median(ageTimes), 1), p95Ms: round(percentile(ageTimes, 95), 1) },
  };
}
