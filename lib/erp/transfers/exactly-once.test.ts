import { stubDoors } from "@/test/route-mocks";
import fc from "fast-check";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "@/lib/boot/features";
import { type Store } from "@/lib/store/open";
import type { Database } from "@/lib/store/schema";
import { startEngine, type JobEngine } from "@/lib/jobs/engine";
import { createTestDatabase } from "@/test/test-database";
import { startLiveEmulator, type LiveEmulator } from "@/test/live-emulator";
import { DomainError } from "@/lib/rules/problems";
import { takeQueued } from "@/lib/queue/store";
import { orderStanding } from "@/lib/erp/transfers/order-guard";
import { requestStop } from "@/lib/erp/transfers/stop";
import { createTransferRun, type EnqueueRun, type RunActor } from "@/lib/erp/transfers/runs";
import { recoverRun, type RunnerDeps } from "@/lib/erp/transfers/runner";
import { createTransferQueues, enqueueWith, workTransfers } from "@/lib/erp/transfers/run-queues";

// The exactly-once invariant as a property (docs/architecture.md "Exactly once"): generated interleavings of pushes, queue sends,
// schedule ticks, direct transfers, retries, stops and takeovers over two instances (two pools, two job engines) on one PostgreSQL,
// against the real emulator over HTTP. After each interleaving the emulator's request log holds every order id at most once
// (a confirmed resend of an unknown order is a second intent of a person's, proven apart in lib/queue/queue.test.ts).

const state = stubDoors({ conn: undefined as unknown as Kysely<Database> });

const { enqueueOrders } = await import("@/lib/queue/service");

const TOKEN = "exactly-once-test-token-5d1a";
const ACTOR: RunActor = { id: 7, email: "operator@demo.local", name: "Demo Operator" };
const POOL = 10;
const RUNS = Number(process.env.EXACTLY_ONCE_RUNS ?? 8);

interface Instance {
  store: Store;
  engine: JobEngine;
}

let emulator: LiveEmulator;
let drop: () => Promise<void>;
const instances: Instance[] = [];
let key = 0;

beforeAll(async () => {
  emulator = await startLiveEmulator(TOKEN, "exactly-once");
  const database = await createTestDatabase();
  drop = database.drop;
  for (let i = 0; i < 2; i++) {
    const store = await openStore({ databaseUrl: database.url, poolSize: 4 });
    const engine = await startEngine(store, { superviseSeconds: 1 });
    await createTransferQueues(engine, { heartbeatSeconds: 10 });
    const deps: RunnerDeps = { db: store.db, upstream: emulator.client, inFlight: 1 + i };
    await workTransfers(engine, deps, { recoverPollSeconds: 1 });
    instances.push({ store, engine });
  }
}, 60_000);

afterAll(async () => {
  for (const { engine } of instances) await engine.stop({ graceful: false });
  for (const { store } of instances) await store.close();
  await drop?.();
  await emulator?.close();
});

type Kind = "push" | "send" | "tick" | "direct" | "retryFailed" | "retryUnsent" | "stop" | "takeover";
interface Op {
  kind: Kind;
  at: number;
  instance: number;
  pick: number[];
  which: number;
}

const op = fc.record({
  kind: fc.constantFrom<Kind>("push", "push", "send", "tick", "direct", "retryFailed", "retryUnsent", "stop", "takeover"),
  at: fc.integer({ min: 0, max: 40 }),
  instance: fc.integer({ min: 0, max: 1 }),
  pick: fc.uniqueArray(fc.integer({ min: 0, max: POOL - 1 }), { minLength: 1, maxLength: 6 }),
  which: fc.nat({ max: 20 }),
});

const refusedOnPurpose = (error: unknown) => error instanceof DomainError;

async function runsSince(conn: Kysely<Database>, since: Date) {
  return conn.selectFrom("erp_transfer_runs").selectAll().where("created_at", ">=", since).orderBy("created_at").orderBy("id").execute();
}

async function perform(o: Op, ids: string[], since: Date): Promise<void> {
  const { store, engine } = instances[o.instance]!;
  const conn = store.db;
  const picked = o.pick.map((i) => ids[i]!);
  const send = enqueueWith(engine);
  // A transaction that takes a few milliseconds more, as one does on a busy server, widens every race window.
  const enqueue: EnqueueRun = async (trx, job, orderIds) => {
    await new Promise((r) => setTimeout(r, (o.which % 3) * 4));
    await send(trx, job, orderIds);
  };
  const base = { actor: ACTOR, idempotencyKey: `eo-${++key}`, batchSize: 2, maxOrdersPerRun: 6, enqueue };
  const someRun = async () => {
    const runs = await runsSince(conn, since);
    return runs.length ? runs[o.which % runs.length]! : null;
  };
  switch (o.kind) {
    case "push":
      // db() is read before enqueueOrders first waits: this call runs on this instance's pool.
      state.conn = conn;
      await enqueueOrders({ actor: ACTOR, audit: async () => undefined }, picked, "api");
      return;
    case "send":
    case "tick":
      await createTransferRun(conn, { ...base, request: { take: (trx) => takeQueued(trx, 4), origin: o.kind === "send" ? "queue" : "automatic" } });
      return;
    case "direct":
      await createTransferRun(conn, { ...base, request: { orderIds: picked, origin: "api" } });
      return;
    case "retryFailed":
    case "retryUnsent": {
      const run = await someRun();
      if (run) await createTransferRun(conn, { ...base, request: { retry: o.kind === "retryFailed" ? "failed" : "unsent", parentRunId: run.id } });
      return;
    }
    case "stop": {
      const run = await someRun();
      if (run) await requestStop(conn, run.id, ACTOR.email);
      return;
    }
    case "takeover": {
      // As the recovery job does for a worker that stopped answering: the batch on the wire becomes unknown, a new job sends the rest.
      const run = await someRun();
      if (run?.job_id) await recoverRun({ db: conn, upstream: emulator.client, enqueue: enqueueWith(engine) }, { runId: run.id, jobId: run.job_id });
      return;
    }
  }
}

async function settled(conn: Kysely<Database>, since: Date): Promise<void> {
  const until = Date.now() + 30_000;
  while ((await runsSince(conn, since)).some((r) => r.state === "queued" || r.state === "running")) {
    if (Date.now() > until) throw new Error("runs did not end");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("exactly once", () => {
  it(
    "no interleaving of pushes, sends, ticks, direct transfers, retries, stops and takeovers on two instances sends an order id twice",
    async () => {
      await emulator.control("POST", "/faults", { method: "POST", path: "/v1/action/orders-erp-transfer", latencyMs: 40 });
      await fc.assert(
        fc.asyncProperty(fc.tuple(fc.array(op, { minLength: 4, maxLength: 12 }), fc.array(op, { minLength: 2, maxLength: 8 })), async (waves) => {
          const conn = instances[0]!.store.db;
          await conn.deleteFrom("order_queue").execute();
          const since = new Date();
          const ids = (await emulator.control<{ orders: { ids: string[] } }>("POST", "/seed", { orders: POOL })).orders.ids;
          const seq = (await emulator.control<{ lastSeq: number }>("GET", "/requests?since=0&limit=1")).lastSeq;

          // Two waves: the second re-sends overlapping lists once the first has settled, as teams do.
          for (const wave of waves) {
            const outcomes = await Promise.allSettled(
              wave.map(async (o) => {
                await new Promise((r) => setTimeout(r, o.at));
                await perform(o, ids, since);
              }),
            );
            for (const outcome of outcomes) if (outcome.status === "rejected" && !refusedOnPurpose(outcome.reason)) throw outcome.reason;
            // What the wave left queued is sent as the next ticks would, both instances at once.
            while ((await conn.selectFrom("order_queue").select("order_id").limit(1).execute()).length > 0) {
              await Promise.allSettled([0, 1].map((instance) => perform({ kind: "tick", at: 0, instance, pick: [0], which: 0 }, ids, since)));
            }
            await settled(conn, since);
          }

          const { requests } = await emulator.control<{ requests: { path: string; body: { orderIds?: string[] } }[] }>("GET", `/requests?since=${seq}&limit=10000`);
          const sent = new Map<string, number>();
          for (const r of requests) if (r.path === "/v1/action/orders-erp-transfer") for (const id of r.body.orderIds ?? []) sent.set(id, (sent.get(id) ?? 0) + 1);
          expect([...sent].filter(([, n]) => n > 1), JSON.stringify(waves)).toEqual([]);

          // What waits in the queue is in no run and not in the ERP: an id has one place.
          const standing = await orderStanding(conn, ids);
          const doubled = [...standing.queued].filter((id) => standing.inErp.has(id) || standing.inFlight.has(id));
          expect(doubled).toEqual([]);
        }),
        { numRuns: RUNS, seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined, endOnFailure: true },
      );
      const total = await sql<{ n: string }>`select count(*) as n from erp_transfer_runs`.execute(instances[0]!.store.db);
      expect(Number(total.rows[0]!.n)).toBeGreaterThan(RUNS);
    },
    180_000,
  );
});
