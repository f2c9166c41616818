import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import type { AuditRecord } from "@/lib/activity/schemas";
import { storedTarget, type ActivityNames, type TargetInfo } from "@/lib/activity/readable";
import { fold } from "@/lib/warehouses/fold";

export interface WarehouseName {
  id: number;
  name: string;
  code: string;
}

/** Every warehouse the platform holds now (the console's cached index), or a failure. */
export type WarehouseLookup = () => Promise<readonly WarehouseName[]>;

const NAMED_TABLES = { api_key: "api_keys", saved_view: "saved_views", alert_channel: "alert_channels" } as const;

function idsOf(items: readonly AuditRecord[], type: string): string[] {
  return [...new Set(items.filter((e) => e.targetType === type && e.targetId).map((e) => e.targetId!))];
}

/**
 * Names for a page of events: one query per kind of target, one read of the warehouse index.
 * A target the store or platform no longer has keeps the name its events recorded, marked deleted.
 */
export async function resolveNames(conn: Kysely<Database>, items: readonly AuditRecord[], warehouses: WarehouseLookup): Promise<ActivityNames> {
  const targets: Record<string, TargetInfo> = {};
  const stored = new Map<string, TargetInfo>();
  for (const e of items) {
    const s = storedTarget(e);
    const key = `${e.targetType}:${e.targetId}`;
    const known = stored.get(key);
    stored.set(key, { name: known?.name ?? s.name, code: known?.code ?? s.code, kind: known?.kind ?? s.kind });
  }
  const found = (type: string, id: string, info: TargetInfo) => (targets[`${type}:${id}`] = info);
  const gone = (type: string, ids: string[], seen: Set<string>) => {
    for (const id of ids) if (!seen.has(id)) found(type, id, { ...(stored.get(`${type}:${id}`) ?? { name: null }), deleted: true });
  };

  const memberIds = idsOf(items, "member").filter((id) => /^\d{1,9}$/.test(id)).map(Number);
  const emails = [...new Set(items.map((e) => e.actorEmail?.toLowerCase()).filter((e): e is string => Boolean(e?.includes("@"))))];
  const runIds = idsOf(items, "erp_transfer_run");
  const scheduleIds = idsOf(items, "schedule");
  const warehouseIds = idsOf(items, "warehouse");

  const [members, runs, schedules, named, platform] = await Promise.all([
    memberIds.length || emails.length
      ? conn
          .selectFrom("members")
          .select(["id", "email", "name"])
          .where((eb) => eb.or([...(memberIds.length ? [eb("id", "in", memberIds)] : []), ...(emails.length ? [eb("email", "in", emails)] : [])]))
          .execute()
      : [],
    runIds.length ? conn.selectFrom("erp_transfer_runs").select(["id", "total_orders", "created_at"]).where("id", "in", runIds).execute() : [],
    scheduleIds.length ? conn.selectFrom("schedules").select(["id", "kind"]).where("id", "in", scheduleIds).execute() : [],
    Promise.all(
      Object.entries(NAMED_TABLES).map(async ([type, table]) => {
        const ids = idsOf(items, type);
        const rows = ids.length ? await conn.selectFrom(table).select(["id", "name"]).where("id", "in", ids).execute() : [];
        return { type, ids, rows };
      }),
    ),
    warehouseIds.length ? warehouses().catch(() => null) : [],
  ]);

  const actors: Record<string, string> = {};
  for (const m of members) actors[m.email.toLowerCase()] = m.name;
  const memberSeen = new Set(members.filter((m) => memberIds.includes(m.id)).map((m) => String(m.id)));
  for (const m of members) if (memberSeen.has(String(m.id))) found("member", String(m.id), { name: m.name });
  gone("member", memberIds.map(String), memberSeen);

  for (const r of runs) found("erp_transfer_run", r.id, { name: null, orders: r.total_orders, at: new Date(r.created_at).toISOString(), href: `/erp/transfers/${r.id}` });
  gone("erp_transfer_run", runIds, new Set(runs.map((r) => r.id)));

  for (const s of schedules) found("schedule", s.id, { name: null, kind: s.kind });
  gone("schedule", scheduleIds, new Set(schedules.map((s) => s.id)));

  for (const { type, ids, rows } of named) {
    for (const r of rows) found(type, r.id, { name: r.name });
    gone(type, ids, new Set(rows.map((r) => r.id)));
  }

  // The platform is down: the recorded names stand, and the link may still lead somewhere.
  if (platform === null) for (const id of warehouseIds) found("warehouse", id, { ...(stored.get(`warehouse:${id}`) ?? { name: null }), href: `/warehouses/${id}` });
  else {
    const byId = new Map(platform.map((w) => [String(w.id), w]));
    for (const id of warehouseIds) {
      const w = byId.get(id);
      if (w) found("warehouse", id, { name: w.name, code: w.code, href: `/warehouses/${id}` });
    }
    gone("warehouse", warehouseIds, new Set(warehouseIds.filter((id) => byId.has(id))));
  }
  return { targets, actors };
}

export interface TargetKey {
  type: string;
  id: string;
}

const RUN_PREFIX = /^[0-9a-f-]{4,36}$/i;

/**
 * The targets a typed text names: warehouses by name, code or id (Turkish-aware), runs by id or its start,
 * members, keys, views and channels by name. One query per kind, one read of the warehouse index.
 */
export async function matchTargets(conn: Kysely<Database>, text: string, warehouses: WarehouseLookup): Promise<TargetKey[]> {
  const q = fold(text);
  if (!q) return [];
  const hit = (name: string) => fold(name).includes(q);
  const [platform, recorded, runs, members, named] = await Promise.all([
    warehouses(),
    // Deleted warehouses are found by the last names their events recorded.
    conn
      .selectFrom("audit_events")
      .select(["target_id", "before_json", "after_json"])
      .where("target_type", "=", "warehouse")
      .distinctOn("target_id")
      .orderBy("target_id")
      .orderBy("id", "desc")
      .execute(),
    RUN_PREFIX.test(q) ? conn.selectFrom("erp_transfer_runs").select("id").where("id", "like", `${q.replace(/[%_]/g, "")}%`).limit(100).execute() : [],
    conn.selectFrom("members").select(["id", "name"]).execute(),
    Promise.all(Object.entries(NAMED_TABLES).map(async ([type, table]) => ({ type, rows: await conn.selectFrom(table).select(["id", "name"]).execute() }))),
  ]);
  const warehouseIds = new Set(platform.filter((w) => String(w.id) === q || hit(w.name) || hit(w.code)).map((w) => String(w.id)));
  for (const r of recorded) {
    const s = storedTarget({ before: r.before_json && JSON.parse(r.before_json), after: r.after_json && JSON.parse(r.after_json), details: null });
    if (r.target_id && [s.name, s.code].some((v) => v && hit(v))) warehouseIds.add(r.target_id);
  }
  return [
    ...[...warehouseIds].map((id) => ({ type: "warehouse", id })),
    ...runs.map((r) => ({ type: "erp_transfer_run", id: r.id })),
    ...members.filter((m) => hit(m.name) || String(m.id) === q).map((m) => ({ type: "member", id: String(m.id) })),
    ...named.flatMap(({ type, rows }) => rows.filter((r) => hit(r.name)).map((r) => ({ type, id: r.id }))),
  ];
}
