import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Kysely } from "kysely";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { copySqliteStore, StoreCopyError } from "@/lib/boot/copy";
import type { Database as Schema } from "@/lib/store/schema";
import type { NewMember } from "@/lib/auth/tables";
import { openTestDb } from "@/test/store";

// The SQLite console's tables as its migrations 0001..0004 left them (sqlite_master of such a store).
const OLD_SCHEMA = `
CREATE TABLE "kysely_migration" ("name" varchar(255) not null primary key, "timestamp" varchar(255) not null);
CREATE TABLE "kysely_migration_lock" ("id" varchar(255) not null primary key, "is_locked" integer default 0 not null);
CREATE TABLE "members" ("id" integer primary key autoincrement, "email" text not null unique, "name" text not null, "role" text not null, "password_hash" text, "active" integer default 1 not null, "source" text default 'password' not null, "created_at" text not null, "updated_at" text not null, "session_version" integer default 1 not null, "sso_issuer" text, "sso_subject" text, "sso_allowed" integer default 0 not null);
CREATE TABLE "audit_events" ("id" integer primary key autoincrement, "at" text not null, "actor_id" integer, "actor_email" text, "action" text not null, "target_type" text, "target_id" text, "outcome" text not null, "message" text, "before_json" text, "after_json" text, "details_json" text, "request_id" text, "ip" text);
CREATE INDEX "audit_events_at" on "audit_events" ("at");
CREATE TABLE "login_failures" ("id" integer primary key autoincrement, "key" text not null, "at" text not null);
CREATE TABLE "erp_transfer_runs" ("id" text primary key, "created_at" text not null, "created_by_id" integer, "created_by_email" text not null, "created_by_name" text not null, "idempotency_key" text not null, "request_hash" text not null, "parent_run_id" text references "erp_transfer_runs" ("id"), "origin" text not null, "state" text not null, "batch_size" integer not null, "total_orders" integer not null, "total_batches" integer not null, "batches_done" integer default 0 not null, "transferred_count" integer default 0 not null, "not_transferred_count" integer default 0 not null, "unknown_count" integer default 0 not null, "pending_count" integer default 0 not null, "sending_count" integer default 0 not null, "started_at" text, "finished_at" text, "owner_instance" text, "heartbeat_at" text);
CREATE UNIQUE INDEX "erp_transfer_runs_idempotency" on "erp_transfer_runs" ("created_by_email", "idempotency_key");
CREATE TABLE "erp_transfer_orders" ("run_id" text not null references "erp_transfer_runs" ("id") on delete cascade, "position" integer not null, "order_id" text not null, "batch" integer not null, "outcome" text not null, "reason" text, "reason_code" text, "updated_at" text, "retried_in" text references "erp_transfer_runs" ("id"), constraint "erp_transfer_orders_pk" primary key ("run_id", "position"));
CREATE TABLE "erp_import_runs" ("id" integer primary key autoincrement, "kind" text not null, "started_at" text not null, "started_by_id" integer, "started_by_email" text not null, "started_by_name" text not null, "outcome" text not null, "message" text, "error_code" text, "error_detail" text, "may_have_acted" integer default 0 not null, "repeat_confirmed" integer default 0 not null, "finished_at" text);
CREATE UNIQUE INDEX "members_sso_identity" on "members" ("sso_issuer", "sso_subject");
CREATE TABLE "sessions" ("id" text primary key, "member_id" integer not null references "members" ("id"), "method" text not null, "created_at" text not null, "expires_at" text not null);
CREATE TABLE "console_locks" ("name" text primary key, "holder" text not null, "expires_at" text not null);
`;
const MIGRATIONS = ["0001_members_audit_throttle", "0002_erp_runs", "0003_sessions_sso", "0004_erp_retries"];

const dir = mkdtempSync(path.join(tmpdir(), "labs-store-copy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let targets: Kysely<Schema>[] = [];
afterEach(async () => {
  await Promise.all(targets.map((t) => t.destroy()));
  targets = [];
});
async function target(): Promise<Kysely<Schema>> {
  const db = await openTestDb();
  targets.push(db);
  return db;
}

let files = 0;
function sqliteStore(migrations = MIGRATIONS): { file: string; sqlite: Database.Database } {
  const file = path.join(dir, `console-${++files}.sqlite`);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.exec(OLD_SCHEMA);
  const mark = sqlite.prepare("insert into kysely_migration (name, timestamp) values (?, ?)");
  for (const name of migrations) mark.run(name, "2026-01-01T00:00:00.000Z");
  return { file, sqlite };
}

function insert(sqlite: Database.Database, table: string, row: Record<string, unknown>) {
  const cols = Object.keys(row);
  sqlite.prepare(`insert into ${table} (${cols.join(", ")}) values (${cols.map((c) => `@${c}`).join(", ")})`).run(row);
}

const member = (id: number, email: string, extra: Record<string, unknown> = {}) => ({
  id,
  email,
  name: `Name ${id}`,
  role: "operator",
  password_hash: `scrypt$hash-${id}`,
  active: 1,
  source: "password",
  created_at: "2026-01-02T03:04:05.678Z",
  updated_at: "2026-01-02T03:04:05.678Z",
  session_version: 1,
  sso_issuer: null,
  sso_subject: null,
  sso_allowed: 0,
  ...extra,
});

const run = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  created_at: "2026-02-01T10:00:00.000Z",
  created_by_id: 2,
  created_by_email: "operator@demo.local",
  created_by_name: "Onur Operator",
  idempotency_key: `key-${id}`,
  request_hash: `hash-${id}`,
  parent_run_id: null,
  origin: "new",
  state: "completed",
  batch_size: 100,
  total_orders: 0,
  total_batches: 1,
  batches_done: 1,
  transferred_count: 0,
  not_transferred_count: 0,
  unknown_count: 0,
  pending_count: 0,
  sending_count: 0,
  started_at: "2026-02-01T10:00:01.000Z",
  finished_at: "2026-02-01T10:00:09.000Z",
  owner_instance: "host:1234",
  heartbeat_at: "2026-02-01T10:00:09.000Z",
  ...extra,
});

const order = (runId: string, position: number, outcome: string, extra: Record<string, unknown> = {}) => ({
  run_id: runId,
  position,
  order_id: `00${position}`,
  batch: 1,
  outcome,
  reason: null,
  reason_code: null,
  updated_at: "2026-02-01T10:00:05.000Z",
  retried_in: null,
  ...extra,
});

const NO_CHANNEL = { source: null, order_date: null, package_id: null, first_seen_at: null };

const importRun = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  kind: "products",
  started_at: `2026-03-01T08:00:${String(id).padStart(2, "0")}.000Z`,
  started_by_id: 1,
  started_by_email: "admin@demo.local",
  started_by_name: "Ayşe Admin",
  outcome: "started",
  message: "Product import started.",
  error_code: null,
  error_detail: null,
  may_have_acted: 0,
  repeat_confirmed: 0,
  finished_at: null,
  ...extra,
});

/** A store with more rows than one chunk in audit_events and erp_transfer_orders, ids with gaps, and a child run whose id sorts before its parent's. */
function fullStore() {
  const { file, sqlite } = sqliteStore();
  insert(sqlite, "members", member(1, "admin@demo.local", { role: "admin" }));
  insert(sqlite, "members", member(2, "operator@demo.local"));
  insert(sqlite, "members", member(7, "sso@demo.local", { password_hash: null, source: "sso", active: 0, sso_issuer: "https://idp", sso_subject: "sub-7", sso_allowed: 1, session_version: 4 }));
  const audit = sqlite.prepare(
    "insert into audit_events (id, at, actor_id, actor_email, action, target_type, target_id, outcome, message, before_json, after_json, details_json, request_id, ip) values (?, ?, 1, 'admin@demo.local', 'member.update', 'member', '2', 'success', ?, ?, ?, ?, ?, '127.0.0.1')",
  );
  sqlite.transaction(() => {
    for (let i = 1; i <= 1203; i++) {
      const id = i < 1203 ? i : 1500;
      audit.run(id, `2026-01-03T00:00:00.${String(i % 1000).padStart(3, "0")}Z`, `message ${id}`, `{"role":"viewer","n":${id}}`, `{"role":"operator"}`, `{"ü":"ş","list":[1,2]}`, `req-${id}`);
    }
  })();
  // "b-parent" sorts after "a-child": ids alone do not put parents first.
  insert(sqlite, "erp_transfer_runs", run("b-parent", { total_orders: 3, transferred_count: 1, not_transferred_count: 1, unknown_count: 1 }));
  insert(sqlite, "erp_transfer_runs", run("a-child", { created_at: "2026-02-01T11:00:00.000Z", parent_run_id: "b-parent", origin: "retry_failed", total_orders: 1, transferred_count: 1 }));
  insert(sqlite, "erp_transfer_orders", order("b-parent", 1, "transferred"));
  insert(sqlite, "erp_transfer_orders", order("b-parent", 2, "not_transferred", { reason: "Order is cancelled", reason_code: "order_cancelled", retried_in: "a-child" }));
  insert(sqlite, "erp_transfer_orders", order("b-parent", 3, "unknown", { reason_code: "timeout" }));
  insert(sqlite, "erp_transfer_orders", order("a-child", 1, "transferred", { order_id: "002" }));
  insert(sqlite, "erp_transfer_runs", run("c-big", { total_orders: 1100, total_batches: 11, batches_done: 11, transferred_count: 1100 }));
  const big = sqlite.prepare("insert into erp_transfer_orders (run_id, position, order_id, batch, outcome, updated_at) values ('c-big', ?, ?, ?, 'transferred', '2026-02-01T10:00:05.000Z')");
  sqlite.transaction(() => {
    for (let p = 1; p <= 1100; p++) big.run(p, `0${p}`, Math.ceil(p / 100));
  })();
  insert(sqlite, "erp_import_runs", importRun(1));
  insert(sqlite, "erp_import_runs", importRun(4, { kind: "stock", outcome: "failed", error_code: "upstream_timeout", error_detail: "{\"status\":504}", may_have_acted: 1, repeat_confirmed: 1, finished_at: "2026-03-01T08:01:00.000Z" }));
  insert(sqlite, "sessions", { id: "session-1", member_id: 1, method: "password", created_at: "2026-01-01T00:00:00.000Z", expires_at: "2099-01-01T00:00:00.000Z" });
  insert(sqlite, "login_failures", { id: 1, key: "email:someone@demo.local", at: "2026-01-01T00:00:00.000Z" });
  insert(sqlite, "console_locks", { name: "erp", holder: "host:1234", expires_at: "2026-01-01T00:00:00.000Z" });
  sqlite.close();
  return file;
}

const ZERO = { members: 0, audit_events: 0, erp_transfer_runs: 0, erp_transfer_orders: 0, erp_import_runs: 0 };
const FULL = { members: 3, audit_events: 1203, erp_transfer_runs: 3, erp_transfer_orders: 1104, erp_import_runs: 2 };

// The new store keeps instants and booleans where SQLite kept ISO text and 0/1.
const FLAGS = new Set(["active", "sso_allowed", "may_have_acted", "repeat_confirmed"]);
const stored = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "string" && /(^at|_at)$/.test(k) ? new Date(v) : FLAGS.has(k) && typeof v === "number" ? v !== 0 : v]));

describe("copySqliteStore", () => {
  it("copies every row with its id, links, JSON text, flags and timestamps, and leaves sessions and sign-in failures behind", async () => {
    const file = fullStore();
    const db = await target();
    const result = await copySqliteStore(file, db);
    expect(result).toEqual({ before: ZERO, source: FULL, after: FULL, interrupted: [] });

    expect(await db.selectFrom("members").selectAll().orderBy("id").execute()).toEqual([
      stored(member(1, "admin@demo.local", { role: "admin" })),
      stored(member(2, "operator@demo.local")),
      stored(member(7, "sso@demo.local", { password_hash: null, source: "sso", active: 0, sso_issuer: "https://idp", sso_subject: "sub-7", sso_allowed: 1, session_version: 4 })),
    ]);
    const audit = await db.selectFrom("audit_events").selectAll().where("id", "in", [1, 999, 1500]).orderBy("id").execute();
    expect(audit.map((a) => a.id)).toEqual([1, 999, 1500]);
    expect(audit[2]).toEqual({
      id: 1500,
      at: new Date("2026-01-03T00:00:00.203Z"),
      actor_id: 1,
      actor_email: "admin@demo.local",
      action: "member.update",
      target_type: "member",
      target_id: "2",
      outcome: "success",
      message: "message 1500",
      before_json: `{"role":"viewer","n":1500}`,
      after_json: `{"role":"operator"}`,
      details_json: `{"ü":"ş","list":[1,2]}`,
      request_id: "req-1500",
      ip: "127.0.0.1",
    });

    const runs = await db.selectFrom("erp_transfer_runs").selectAll().orderBy("id").execute();
    const { owner_instance: _o, heartbeat_at: _h, ...parent } = run("b-parent", { total_orders: 3, transferred_count: 1, not_transferred_count: 1, unknown_count: 1 });
    // Its orders are read by meaning as the store's own are (lib/erp/outcomes/meanings.ts): a code the catalog does not know is
    // a failure, never done.
    expect(runs.find((r) => r.id === "b-parent")).toEqual({
      ...stored(parent),
      job_id: null,
      sending_from: null,
      sending_to: null,
      transferred_through: 0,
      already_count: 0,
      rejected_count: 0,
      failed_count: 1,
      stop_requested_at: null,
      stop_requested_by: null,
      pace_per_minute: null,
    });
    expect(runs.find((r) => r.id === "a-child")).toMatchObject({ parent_run_id: "b-parent", origin: "retry_failed", state: "completed", job_id: null });
    const orders = await db.selectFrom("erp_transfer_orders").selectAll().where("run_id", "=", "b-parent").orderBy("position").execute();
    expect(orders).toEqual([
      { ...stored(order("b-parent", 1, "transferred")), ...NO_CHANNEL, meaning: null },
      { ...stored(order("b-parent", 2, "not_transferred", { reason: "Order is cancelled", reason_code: "order_cancelled", retried_in: "a-child" })), ...NO_CHANNEL, meaning: "failed" },
      { ...stored(order("b-parent", 3, "unknown", { reason_code: "timeout" })), ...NO_CHANNEL, meaning: "unknown" },
    ]);
    const big = await db.selectFrom("erp_transfer_orders").select(["position", "order_id", "batch"]).where("run_id", "=", "c-big").orderBy("position").execute();
    expect(big).toHaveLength(1100);
    expect(big[1099]).toEqual({ position: 1100, order_id: "01100", batch: 11 });

    // Imports from a SQLite store were all started by hand.
    const manual = { origin: "manual", schedule_id: null };
    expect(await db.selectFrom("erp_import_runs").selectAll().orderBy("id").execute()).toEqual([
      { ...stored(importRun(1)), ...manual },
      { ...stored(importRun(4, { kind: "stock", outcome: "failed", error_code: "upstream_timeout", error_detail: "{\"status\":504}", may_have_acted: 1, repeat_confirmed: 1, finished_at: "2026-03-01T08:01:00.000Z" })), ...manual },
    ]);
    expect(await db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("login_failures").selectAll().execute()).toEqual([]);
  });

  it("adds nothing the second time", async () => {
    const file = fullStore();
    const db = await target();
    const first = await copySqliteStore(file, db);
    const audit = await db.selectFrom("audit_events").selectAll().orderBy("id").execute();
    const second = await copySqliteStore(file, db);
    expect(second).toEqual({ before: first.after, source: FULL, after: first.after, interrupted: [] });
    expect(await db.selectFrom("audit_events").selectAll().orderBy("id").execute()).toEqual(audit);
  });

  it("gives new rows ids above the copied ones", async () => {
    const db = await target();
    await copySqliteStore(fullStore(), db);
    const added = await db
      .insertInto("members")
      .values({ email: "new@demo.local", name: "New", role: "viewer", password_hash: null, source: "password", created_at: new Date("2026-04-01T00:00:00.000Z"), updated_at: new Date("2026-04-01T00:00:00.000Z") })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(8);
    const event = await db
      .insertInto("audit_events")
      .values({ at: new Date("2026-04-01T00:00:00.000Z"), actor_id: null, actor_email: null, action: "x", target_type: null, target_id: null, outcome: "success", message: null, before_json: null, after_json: null, details_json: null, request_id: null, ip: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(event.id).toBe(1501);
    const imported = await db
      .insertInto("erp_import_runs")
      .values({ kind: "prices", started_at: new Date("2026-04-01T00:00:00.000Z"), started_by_id: 1, started_by_email: "a@b.c", started_by_name: "A", outcome: "pending", message: null, error_code: null, error_detail: null, finished_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(imported.id).toBe(5);
  });

  it("brings a run that was queued or running in as interrupted, its orders being sent as unknown, counts recounted", async () => {
    const { file, sqlite } = sqliteStore();
    insert(sqlite, "erp_transfer_runs", run("running", { state: "running", finished_at: null, total_orders: 4, total_batches: 2, batches_done: 1, transferred_count: 1, pending_count: 1, sending_count: 2, heartbeat_at: "2026-02-01T10:00:07.000Z" }));
    insert(sqlite, "erp_transfer_orders", order("running", 1, "transferred"));
    insert(sqlite, "erp_transfer_orders", order("running", 2, "sending", { updated_at: null }));
    insert(sqlite, "erp_transfer_orders", order("running", 3, "sending", { updated_at: null }));
    insert(sqlite, "erp_transfer_orders", order("running", 4, "pending", { updated_at: null }));
    insert(sqlite, "erp_transfer_runs", run("queued", { state: "queued", started_at: null, finished_at: null, total_orders: 1, batches_done: 0, pending_count: 1, owner_instance: null, heartbeat_at: null }));
    insert(sqlite, "erp_transfer_orders", order("queued", 1, "pending", { updated_at: null }));
    sqlite.close();

    const db = await target();
    const now = new Date("2026-05-05T05:05:05.000Z");
    const result = await copySqliteStore(file, db, now);
    expect(result.interrupted.sort()).toEqual(["queued", "running"]);
    const runs = await db.selectFrom("erp_transfer_runs").selectAll().orderBy("id").execute();
    expect(runs.find((r) => r.id === "running")).toMatchObject({
      state: "interrupted",
      finished_at: new Date("2026-02-01T10:00:07.000Z"),
      batches_done: 1,
      transferred_count: 1,
      not_transferred_count: 0,
      unknown_count: 2,
      pending_count: 1,
      sending_count: 0,
      job_id: null,
    });
    expect(runs.find((r) => r.id === "queued")).toMatchObject({ state: "interrupted", finished_at: now, pending_count: 1, unknown_count: 0 });
    const orders = await db.selectFrom("erp_transfer_orders").selectAll().where("run_id", "=", "running").orderBy("position").execute();
    expect(orders.map((o) => [o.outcome, o.reason_code])).toEqual([
      ["transferred", null],
      ["unknown", "interrupted"],
      ["unknown", "interrupted"],
      ["pending", null],
    ]);
    expect(orders[1]!.updated_at).toEqual(now);

    const again = await copySqliteStore(file, db, new Date("2026-06-06T00:00:00.000Z"));
    expect(again.interrupted).toEqual([]);
    expect(again.after).toEqual(again.before);
  });

  it("links a child run to a parent that arrives a chunk later", async () => {
    const { file, sqlite } = sqliteStore();
    insert(sqlite, "erp_transfer_runs", run("zzz-parent"));
    insert(sqlite, "erp_transfer_runs", run("aaa-child", { parent_run_id: "zzz-parent", origin: "retry_failed" }));
    for (let i = 1; i <= 500; i++) insert(sqlite, "erp_transfer_runs", run(`mmm-${String(i).padStart(3, "0")}`));
    sqlite.close();
    const db = await target();
    const result = await copySqliteStore(file, db);
    expect(result.after.erp_transfer_runs).toBe(502);
    const child = await db.selectFrom("erp_transfer_runs").select("parent_run_id").where("id", "=", "aaa-child").executeTakeFirstOrThrow();
    expect(child.parent_run_id).toBe("zzz-parent");
  });

  it("refuses a SQLite store an older console left behind, and a missing file", async () => {
    const { file, sqlite } = sqliteStore(MIGRATIONS.slice(0, 3));
    insert(sqlite, "members", member(1, "admin@demo.local"));
    sqlite.close();
    const db = await target();
    const outdated = copySqliteStore(file, db);
    await expect(outdated).rejects.toThrow(StoreCopyError);
    await expect(outdated).rejects.toThrow(/0004_erp_retries.*Start the previous console version once/);
    await expect(copySqliteStore(path.join(dir, "nothing.sqlite"), db)).rejects.toThrow(/No SQLite store at .*nothing\.sqlite/);
    expect(await db.selectFrom("members").selectAll().execute()).toEqual([]);
  });

  it("refuses a target that holds other rows under the copied ids, and copies nothing", async () => {
    const db = await target();
    await db.insertInto("members").values(member(2, "someone-else@demo.local") as NewMember).execute();
    const file = fullStore();
    await expect(copySqliteStore(file, db)).rejects.toThrow(/different members row under id 2/);
    expect(await db.selectFrom("members").select("email").execute()).toEqual([{ email: "someone-else@demo.local" }]);
    expect(await db.selectFrom("audit_events").selectAll().execute()).toEqual([]);

    // The same email under another id: a unique key other than the primary one.
    const other = await target();
    await other.insertInto("members").values(member(50, "operator@demo.local") as NewMember).execute();
    await expect(copySqliteStore(file, other)).rejects.toThrow(/already has other rows that clash with the copy \(Key \(email\)=\(operator@demo.local\) already exists/);
    expect(await other.selectFrom("members").select("id").execute()).toEqual([{ id: 50 }]);
  });
});
