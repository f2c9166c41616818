import type { Kysely, Transaction } from "kysely";
import type { Database } from "@/lib/store/schema";
import { breakdown } from "@/lib/reconcile/store";

export interface ReconciledCounts {
  total: number;
  inErp: number;
  waiting: number;
  open: number;
  neverSeen: number;
}

export interface Reconciled extends ReconciledCounts {
  id: string;
  from: string | null;
  to: string | null;
  byChannel: (ReconciledCounts & { source: string | null })[];
}

const BUCKET_FIELDS = { inErp: "inErp", waiting: "waiting", open: "open", neverSeen: "neverSeen" } as const;

/** The digest's reconciliation: the last window reconciliation that finished in [since, until), with its counts per channel. */
export async function lastReconciled(conn: Kysely<Database> | Transaction<Database>, since: Date, until: Date): Promise<Reconciled | null> {
  const r = await conn
    .selectFrom("reconciliations")
    .selectAll()
    .where("status", "=", "done")
    .where("kind", "=", "window")
    .where("finished_at", ">=", since)
    .where("finished_at", "<", until)
    .orderBy("finished_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!r) return null;
  const channels = new Map<string | null, ReconciledCounts & { source: string | null }>();
  for (const { key, bucket, n } of await breakdown(conn, r.id, "channel")) {
    const row = channels.get(key) ?? { source: key, total: 0, inErp: 0, waiting: 0, open: 0, neverSeen: 0 };
    const field = BUCKET_FIELDS[bucket as keyof typeof BUCKET_FIELDS];
    if (field) row[field] += n;
    row.total += n;
    channels.set(key, row);
  }
  return {
    id: r.id,
    from: r.window_from?.toISOString() ?? null,
    to: r.window_to?.toISOString() ?? null,
    total: r.total ?? 0,
    inErp: r.in_erp ?? 0,
    waiting: r.waiting ?? 0,
    open: r.open ?? 0,
    neverSeen: r.never_seen ?? 0,
    byChannel: [...channels.values()],
  };
}
