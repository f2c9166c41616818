import type { Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";
import { ERP_IMPORT_KINDS, type ImportKindName } from "@/lib/erp/schemas";
import { nextStartsByKind } from "@/lib/schedules/service";

export interface NextStart {
  at: string;
  scheduleId: string;
  name: string | null;
}

export async function nextScheduledStarts(conn: Kysely<Database>): Promise<Record<ImportKindName, NextStart | null>> {
  const out: Record<ImportKindName, NextStart | null> = { products: null, prices: null, stock: null };
  for (const row of await nextStartsByKind(conn)) {
    const kind = ERP_IMPORT_KINDS.find((k) => k === row.kind);
    if (kind && !out[kind] && row.next_start_at) out[kind] = { at: row.next_start_at.toISOString(), scheduleId: row.id, name: row.name };
  }
  return out;
}

export async function scheduleNames(conn: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await conn.selectFrom("schedules").select(["id", "name"]).where("id", "in", [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
