import type { Insertable, Kysely, KyselyPlugin, QueryId, RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDb } from "@/test/store";
import type { Database } from "@/lib/store/schema";

// How the trail is read: the export pages by key and never counts, the Person filter lists
// members, and the readers pages call check the member before touching the store.

const requirePageMember = vi.fn(async () => {
  throw new Error("NEXT_REDIRECT;replace;/login;307;");
});
const storeOpened = vi.fn();
vi.mock("@/lib/auth/session", () => ({ requirePageMember }));
vi.mock("@/lib/store", () => ({ db: storeOpened }));

const { auditFacetsIn, iterateAuditIn, queryAuditIn } = await import("@/lib/activity/store");
const { auditFacets, queryAudit } = await import("@/lib/activity/service");

let conn: Kysely<Database>;

type Row = Insertable<Database["audit_events"]>;
const ACTORS = ["admin@demo.local", "operator@demo.local", "nobody@x.test"];
const row = (i: number): Row => ({
  at: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
  actor_id: null,
  actor_email: ACTORS[i % ACTORS.length]!,
  action: i % 2 ? "auth.sign_in" : "warehouse.update",
  target_type: null,
  target_id: null,
  outcome: "success",
  message: `event ${i}`,
  before_json: null,
  after_json: null,
  details_json: null,
  request_id: null,
  ip: "127.0.0.1",
});

const EVENTS = 1_234;

beforeAll(async () => {
  conn = await openTestDb();
  const rows = Array.from({ length: EVENTS }, (_, i) => row(i));
  for (let i = 0; i < rows.length; i += 200) await conn.insertInto("audit_events").values(rows.slice(i, i + 200)).execute();
  const now = new Date();
  await conn
    .insertInto("members")
    .values([
      { email: "viewer@demo.local", name: "Viewer", role: "viewer", password_hash: null, active: true, source: "password", created_at: now, updated_at: now },
      { email: "admin@demo.local", name: "Admin", role: "admin", password_hash: null, active: true, source: "password", created_at: now, updated_at: now },
      { email: "gone@demo.local", name: "Gone", role: "operator", password_hash: null, active: false, source: "password", created_at: now, updated_at: now },
    ])
    .execute();
});
afterAll(async () => {
  await conn.destroy();
});

/** The same store, recording the SQL of every statement run through it. */
function recording(): { conn: Kysely<Database>; sql: () => string[] } {
  const seen: { node: RootOperationNode; queryId: QueryId }[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const recorded = conn.withPlugin(plugin);
  return { conn: recorded, sql: () => seen.map(({ node, queryId }) => conn.getExecutor().compileQuery(node, queryId).sql.toLowerCase()) };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe("iterateAuditIn (the CSV export)", () => {
  it("gives every matching event once, newest first, as the list orders them", async () => {
    const all = await collect(iterateAuditIn(conn, {}, 100));
    expect(all).toHaveLength(EVENTS);
    const ids = all.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(EVENTS);

    const filter = { actor: "nobody@x.test", action: "auth.sign_in" };
    const listed = await queryAuditIn(conn, { ...filter, page: 1, limit: EVENTS });
    const exported = await collect(iterateAuditIn(conn, filter, 50));
    expect(exported.map((e) => e.id)).toEqual(listed.items.map((e) => e.id));
    expect(exported.length).toBe(listed.total);
  });

  it("pages by key: no OFFSET, no COUNT, one statement per page", async () => {
    const { conn: recorded, sql } = recording();
    await collect(iterateAuditIn(recorded, {}, 100));
    const statements = sql();
    // 13 pages of 100 (the 13th holds 34 and ends it).
    expect(statements).toHaveLength(Math.ceil(EVENTS / 100));
    expect(statements.filter((s) => /\boffset\b/.test(s))).toEqual([]);
    expect(statements.filter((s) => /\bcount\s*\(/.test(s))).toEqual([]);
    expect(statements.slice(1).every((s) => /"id" < \$\d+/.test(s))).toBe(true);
  });

  it("ends with an empty page when the last page is exactly full", async () => {
    const { conn: recorded, sql } = recording();
    const all = await collect(iterateAuditIn(recorded, { actor: "admin@demo.local" }, 1)); // 412 events
    expect(all).toHaveLength(Math.ceil(EVENTS / 3));
    expect(sql()).toHaveLength(all.length + 1);
  });

  it("neither repeats nor skips a row when events are recorded while it reads", async () => {
    const seen: number[] = [];
    let added = false;
    for await (const event of iterateAuditIn(conn, { action: "warehouse.update" }, 100)) {
      seen.push(event.id);
      if (!added && seen.length === 150) {
        // Newer than everything read so far: with OFFSET paging the next page would start one
        // row late and repeat a row.
        await conn.insertInto("audit_events").values(row(0)).execute();
        added = true;
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(Math.ceil(EVENTS / 2));
  });
});

describe("auditFacetsIn (the filter menus)", () => {
  it("lists the members for Person, deactivated too, and never free-text emails from the trail", async () => {
    const facets = await auditFacetsIn(conn);
    expect(facets.actors).toEqual(["admin@demo.local", "gone@demo.local", "viewer@demo.local"]);
    expect(facets.actors).not.toContain("nobody@x.test");
    expect(facets.actions).toEqual(["auth.sign_in", "warehouse.update"]);
  });
});

describe("the readers pages call", () => {
  it("check the member before touching the store", async () => {
    await expect(queryAudit({ page: 1, limit: 10 })).rejects.toThrow(/NEXT_REDIRECT/);
    await expect(auditFacets()).rejects.toThrow(/NEXT_REDIRECT/);
    expect(requirePageMember).toHaveBeenCalledTimes(2);
    expect(storeOpened).not.toHaveBeenCalled();
  });
});
