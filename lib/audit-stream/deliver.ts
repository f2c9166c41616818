import { createHmac } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { AuditEvent } from "@/lib/audit/tables";
import type { Database } from "@/lib/store/schema";
import { redactSecrets, redactSecretsIn } from "@/lib/rules/secrets";

export const STREAM_SIGNATURE_HEADER = "x-labs-signature";
export const STREAM_TIMESTAMP_HEADER = "x-labs-timestamp";
// A missing id whose successor is older than this belongs to a transaction that rolled back, not to one still open.
export const GAP_WAIT_MS = 60_000;

export interface PostResult {
  ok: boolean;
  status: number | null;
  text: string;
}

export interface StreamTarget {
  batch: number;
  send: (rows: readonly AuditEvent[]) => Promise<PostResult>;
  now?: () => Date;
}

export type DeliveryResult = { held: true } | { held: false; sent: number; ok: boolean; error?: string; failures?: number };

export function streamSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export function streamLine(row: AuditEvent): string {
  const line = {
    id: row.id,
    time: row.at.toISOString(),
    action: row.action,
    outcome: row.outcome,
    actor: row.actor_id === null && row.actor_email === null ? null : { id: row.actor_id, email: row.actor_email },
    target: row.target_type === null ? null : { type: row.target_type, id: row.target_id },
    message: row.message,
    before: parsed(row.before_json),
    after: parsed(row.after_json),
    details: parsed(row.details_json),
    requestId: row.request_id,
    ip: row.ip,
  };
  return JSON.stringify(redactSecretsIn(line));
}

/** Signed NDJSON, one POST per batch. */
export function ndjsonSender(url: string, secret: string, post: (url: string, body: string, headers: Record<string, string>) => Promise<PostResult>, now = () => new Date()): StreamTarget["send"] {
  return (rows) => {
    const body = `${rows.map(streamLine).join("\n")}\n`;
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const headers = {
      "content-type": "application/x-ndjson",
      "user-agent": "labs-console-audit-stream",
      [STREAM_TIMESTAMP_HEADER]: timestamp,
      [STREAM_SIGNATURE_HEADER]: streamSignature(secret, timestamp, body),
    };
    return post(url, body, headers);
  };
}

/** The rows that follow the cursor without a gap that could still fill (an open transaction holding the missing id). */
export function deliverable(rows: readonly AuditEvent[], after: number, now: Date): AuditEvent[] {
  const out: AuditEvent[] = [];
  let expected = after + 1;
  for (const row of rows) {
    if (row.id !== expected && now.getTime() - row.at.getTime() < GAP_WAIT_MS) break;
    out.push(row);
    expected = row.id + 1;
  }
  return out;
}

/** One delivery: the instance holding the state row's lock sends the next batch and moves the cursor only on a 2xx. */
export async function deliverOnce(db: Kysely<Database>, target: StreamTarget): Promise<DeliveryResult> {
  const now = target.now ?? (() => new Date());
  await db.insertInto("audit_stream_state").values({ id: 1 }).onConflict((oc) => oc.doNothing()).execute();
  return db.transaction().execute(async (trx) => {
    const state = await trx.selectFrom("audit_stream_state").selectAll().where("id", "=", 1).forUpdate().skipLocked().executeTakeFirst();
    if (!state) return { held: true };
    const rows = await trx.selectFrom("audit_events").selectAll().where("id", ">", state.delivered_id).orderBy("id").limit(target.batch).execute();
    const batch = deliverable(rows, state.delivered_id, now());
    if (batch.length === 0) return { held: false, sent: 0, ok: true };
    const result = await target.send(batch);
    if (result.ok) {
      await trx
        .updateTable("audit_stream_state")
        .set({
          delivered_id: batch.at(-1)!.id,
          delivered_rows: sql`delivered_rows + ${batch.length}`,
          last_success_at: now(),
          last_attempt_at: now(),
          last_error: null,
          failures: 0,
        })
        .where("id", "=", 1)
        .execute();
      return { held: false, sent: batch.length, ok: true };
    }
    const error = redactSecrets((result.status === null ? result.text : `${result.status}: ${result.text}`).slice(0, 300));
    const { failures } = await trx
      .updateTable("audit_stream_state")
      .set({ last_attempt_at: now(), last_error: error, failures: sql`failures + 1` })
      .where("id", "=", 1)
      .returning("failures")
      .executeTakeFirstOrThrow();
    return { held: false, sent: 0, ok: false, error, failures };
  });
}

export interface StreamStatus {
  deliveredId: number;
  deliveredRows: number;
  behind: number;
  lastSuccessAt: Date | null;
  lastAttemptAt: Date | null;
  lastError: string | null;
  failures: number;
}

export async function streamStatus(db: Kysely<Database>): Promise<StreamStatus> {
  const state = (await db.selectFrom("audit_stream_state").selectAll().where("id", "=", 1).executeTakeFirst()) ?? {
    delivered_id: 0,
    delivered_rows: "0",
    last_success_at: null,
    last_attempt_at: null,
    last_error: null,
    failures: 0,
  };
  const behind = await db
    .selectFrom("audit_events")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("id", ">", state.delivered_id)
    .executeTakeFirstOrThrow();
  return {
    deliveredId: state.delivered_id,
    deliveredRows: Number(state.delivered_rows),
    behind: Number(behind.n),
    lastSuccessAt: state.last_success_at,
    lastAttemptAt: state.last_attempt_at,
    lastError: state.last_error,
    failures: state.failures,
  };
}
