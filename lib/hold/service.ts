import "server-only";
import type { ServiceContext } from "@/lib/audit";
import { db } from "@/lib/store";
import { refusal } from "@/lib/i18n/validation";
import { getConfig } from "@/lib/config";
import { auditRow } from "@/lib/audit/row";
import { raiseAlert } from "@/lib/alerts/events";
import { addHealthyVerdictWhileClosed, addVerdict, lockBreaker, readBreaker, readHold, recentVerdicts, writeBreaker, writeHold, HOLD_ID } from "@/lib/hold/store";
import type { BreakerDetail, HoldBody, HoldState } from "@/lib/hold/schemas";
import type { TransferBreakerRecord, TransferHoldRecord } from "@/lib/hold/tables";
import { batchVerdict, breakerReason, shouldOpen, type BreakerCause } from "@/lib/hold/breaker";
import type { BatchOutcome } from "@/lib/erp/transfers/batch-outcomes";
import { stopAutomaticRuns } from "@/lib/erp/transfers/stop";
import { BREAKER_STOPPER } from "@/lib/hold/constants";

export interface HoldContext extends ServiceContext {
  actor: { id: number | null; email: string; name: string };
}

const TARGET = { type: "transfer_hold", id: HOLD_ID };

// A hold with `until` lifts itself when that passes: read, not a job, decides.
const heldRow = (row: TransferHoldRecord | undefined, now: Date): TransferHoldRecord | null => (row?.held && (!row.until || row.until > now) ? row : null);

interface Opened {
  cause: BreakerCause;
  failing: number;
  of: number;
}

const openedOf = (b: TransferBreakerRecord) => JSON.parse(b.cause_json ?? "null") as Opened | null;

function breakerDetail(b: TransferBreakerRecord | undefined): BreakerDetail | null {
  const opened = b && b.state !== "closed" ? openedOf(b) : null;
  return b && opened ? { ...opened, openedAt: (b.opened_at ?? b.updated_at).toISOString(), nextProbeAt: b.next_probe_at?.toISOString() ?? null } : null;
}

function toState(found: TransferHoldRecord | undefined, now: Date, breaker?: TransferBreakerRecord): HoldState {
  const row = heldRow(found, now);
  const detail = breakerDetail(breaker);
  const state = detail ? breaker!.state : "closed";
  if (row) return { held: true, reason: row.reason, since: row.since?.toISOString() ?? null, until: row.until?.toISOString() ?? null, by: row.by, breaker: state, person: { email: row.by_email, name: row.by_name }, breakerDetail: detail };
  if (detail) return { held: true, reason: breakerReason(detail), since: detail.openedAt, until: null, by: "breaker", breaker: state, person: null, breakerDetail: detail };
  return { held: false, reason: null, since: null, until: null, by: null, breaker: "closed", person: null, breakerDetail: null };
}

export async function transferHold(now = new Date()): Promise<HoldState> {
  const conn = await db();
  const [row, breaker] = await Promise.all([readHold(conn), readBreaker(conn)]);
  return toState(row, now, breaker);
}

/** Whether automatic sends wait now (a person's hold, the breaker, or its drain not started yet), and when the last hold ended (a start due during a hold is not "missed"). */
export async function holdWindow(now = new Date()): Promise<{ held: boolean; liftedAt: Date | null; person: boolean }> {
  const conn = await db();
  const [row, breaker] = await Promise.all([readHold(conn), readBreaker(conn)]);
  const person = heldRow(row, now) !== null;
  if (person || (breaker && (breaker.state !== "closed" || breaker.drain_due))) return { held: true, liftedAt: null, person };
  const ends = [row?.held ? row.until : (row?.lifted_at ?? null), breaker?.closed_at ?? null].filter((d): d is Date => d !== null);
  return { held: false, liftedAt: ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null, person };
}

/** Refuses a send while transfers are on hold: 409 with reason transfers_held and the hold. `person`: only a person's hold refuses (a list someone sends). */
export async function refuseWhileHeld(now = new Date(), scope: "all" | "person" = "all"): Promise<void> {
  const state = await transferHold(now);
  if (state.held && (scope === "all" || state.by === "person")) throw refusal("conflict", { code: "validation.hold.held", params: { reason: state.reason ?? "" } }, { reason: "transfers_held", hold: state });
}

// Verdicts older than this never count: a few failures yesterday and one today are no outage.
const VERDICT_HORIZON_MS = 3_600_000;
const BREAKER_TARGET = { type: "transfer_hold", id: HOLD_ID };

export interface FinishedTransferBatch {
  runId: string;
  runCreatedAt: Date;
  batch: number;
  outcomes: readonly BatchOutcome[];
}

type BreakerMove = { event: "open"; opened: Opened; stopped: number } | { event: "reopen" | "close"; opened: Opened; since: Date } | null;

/** Records what a finished batch (of any run) says about the ERP, and opens, keeps or closes the breaker; one row lock orders every instance. */
export async function recordTransferBatch(batch: FinishedTransferBatch, now = new Date()): Promise<void> {
  const verdict = batchVerdict(batch.outcomes);
  if (!verdict) return;
  const conn = await db();
  const keepSince = new Date(now.getTime() - 24 * VERDICT_HORIZON_MS);
  // The common case, one round trip per batch: a closed breaker that a healthy batch leaves as it is.
  if (!verdict.down && (await addHealthyVerdictWhileClosed(conn, { at: now, runId: batch.runId, batch: batch.batch }, keepSince))) return;
  const settings = getConfig().breaker;
  const move = await conn.transaction().execute(async (trx): Promise<BreakerMove> => {
    const breaker = await lockBreaker(trx, now);
    await addVerdict(trx, { at: now, runId: batch.runId, batch: batch.batch, down: verdict.down, cause: verdict.down ? verdict.cause : null }, keepSince);
    const since = breaker.opened_at ?? now;
    const opened = openedOf(breaker);
    // Only a run started after it opened speaks for now: the probe, or a list someone sent anyway.
    const current = breaker.state !== "closed" && (batch.runId === breaker.probe_run_id || batch.runCreatedAt > since);
    let move: BreakerMove = null;
    if (breaker.state === "closed" && verdict.down) {
      const found = shouldOpen(await recentVerdicts(trx, new Date(now.getTime() - VERDICT_HORIZON_MS), settings.windowBatches), settings);
      if (!found) return null;
      await writeBreaker(trx, { state: "open", opened_at: now, cause_json: JSON.stringify(found), next_probe_at: new Date(now.getTime() + settings.probeSeconds * 1000), probe_run_id: null, drain_due: false, updated_at: now });
      move = { event: "open", opened: found, stopped: await stopAutomaticRuns(trx, BREAKER_STOPPER, breaker.probe_run_id, now) };
    } else if (current && opened && !verdict.down) {
      await writeBreaker(trx, { state: "closed", closed_at: now, next_probe_at: null, probe_run_id: null, drain_due: true, updated_at: now });
      move = { event: "close", opened, since };
    } else if (current && opened && verdict.down && breaker.state === "half_open") {
      await writeBreaker(trx, { state: "open", next_probe_at: new Date(now.getTime() + settings.probeSeconds * 1000), probe_run_id: null, updated_at: now });
      move = { event: "reopen", opened, since };
    }
    if (move) await trx.insertInto("audit_events").values(auditRow({ actor: null, action: "erp.breaker", target: BREAKER_TARGET, outcome: "success", ...breakerEntry(move, batch, settings.drainBatchesPerMinute) }, now)).execute();
    return move;
  });
  if (move?.event === "open" || move?.event === "close") {
    await raiseAlert({ type: "transfer.breaker", change: move.event === "open" ? "opened" : "recovered", ...move.opened, since: ("since" in move ? move.since : now).toISOString(), pace: settings.drainBatchesPerMinute, at: now.toISOString() });
  }
}

function breakerEntry(move: NonNullable<BreakerMove>, batch: FinishedTransferBatch, pace: number): { message: string; details: Record<string, unknown> } {
  const why = breakerReason(move.opened);
  const details = { event: move.event, cause: move.opened.cause, failing: move.opened.failing, of: move.opened.of, runId: batch.runId, batch: batch.batch, pace };
  if (move.event === "open") return { message: `Transfers held automatically: ${why}; it stopped ${move.stopped} scheduled or queue runs.`, details: { ...details, stoppedRuns: move.stopped } };
  if (move.event === "reopen") return { message: `The probe failed; transfers stay held automatically (held since ${move.since.toISOString()} because ${why}).`, details };
  return { message: `Transfers resumed automatically: a batch went through again after the hold since ${move.since.toISOString()} (${why}); what waited is sent at ${pace} batches a minute.`, details };
}

const window = (until: Date | null) => (until ? `until ${until.toISOString()}` : "until lifted");

export async function setTransferHold(ctx: HoldContext, body: HoldBody, now = new Date()): Promise<HoldState> {
  const conn = await db();
  const { row, entry } = await conn.transaction().execute(async (trx) => {
    const before = await readHold(trx, true);
    const was = heldRow(before, now);
    const until = body.held && body.until ? new Date(body.until) : null;
    const reason = body.reason || null;
    if (!body.held) {
      if (!was) return { row: before, entry: null };
      const row = { ...was, held: false, lifted_at: now, updated_at: now };
      await writeHold(trx, row);
      return { row, entry: { action: "erp.hold.lift", message: `Transfers on hold since ${was.since?.toISOString()} lifted${reason ? `: ${reason}` : ""}.`, details: { holdReason: reason ?? was.reason, since: was.since } } };
    }
    if (was && was.reason === reason && was.until?.getTime() === until?.getTime()) return { row: before, entry: null };
    const row = { held: true, reason, since: was ? was.since : now, until, by: "person" as const, by_email: ctx.actor.email, by_name: ctx.actor.name, lifted_at: before?.lifted_at ?? null, updated_at: now };
    await writeHold(trx, row);
    const entry = was
      ? { action: "erp.hold.change", message: `Transfer hold changed to ${window(until)}: ${reason}.`, details: { holdReason: reason, until, before: { holdReason: was.reason, until: was.until } } }
      : { action: "erp.hold.set", message: `Transfers put on hold ${window(until)}: ${reason}.`, details: { holdReason: reason, until } };
    return { row: { id: HOLD_ID, ...row }, entry };
  });
  if (entry) await ctx.audit({ ...entry, target: TARGET, outcome: "success" });
  return toState(row, now, await readBreaker(conn));
}
