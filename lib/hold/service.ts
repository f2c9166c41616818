import "server-only";
import type { ServiceContext } from "@/lib/audit";
import { db } from "@/lib/store";
import { refusal } from "@/lib/i18n/validation";
import { readHold, writeHold, HOLD_ID } from "@/lib/hold/store";
import type { HoldBody, HoldState } from "@/lib/hold/schemas";
import type { TransferHoldRecord } from "@/lib/hold/tables";

export interface HoldContext extends ServiceContext {
  actor: { id: number | null; email: string; name: string };
}

const TARGET = { type: "transfer_hold", id: HOLD_ID };

// A hold with `until` lifts itself when that passes: read, not a job, decides.
const heldRow = (row: TransferHoldRecord | undefined, now: Date): TransferHoldRecord | null => (row?.held && (!row.until || row.until > now) ? row : null);

function toState(found: TransferHoldRecord | undefined, now: Date): HoldState {
  const row = heldRow(found, now);
  if (!row) return { held: false, reason: null, since: null, until: null, by: null, breaker: "closed", person: null };
  return { held: true, reason: row.reason, since: row.since?.toISOString() ?? null, until: row.until?.toISOString() ?? null, by: row.by, breaker: "closed", person: { email: row.by_email, name: row.by_name } };
}

export async function transferHold(now = new Date()): Promise<HoldState> {
  return toState(await readHold(await db()), now);
}

/** Whether automatic sends wait now, and when the last hold ended (a start due during a hold is not "missed"). */
export async function holdWindow(now = new Date()): Promise<{ held: boolean; liftedAt: Date | null }> {
  const row = await readHold(await db());
  if (heldRow(row, now)) return { held: true, liftedAt: null };
  return { held: false, liftedAt: row?.held ? row.until : (row?.lifted_at ?? null) };
}

/** Refuses a send while transfers are on hold: 409 with reason transfers_held and the hold. */
export async function refuseWhileHeld(now = new Date()): Promise<void> {
  const state = await transferHold(now);
  if (state.held) throw refusal("conflict", { code: "validation.hold.held", params: { reason: state.reason ?? "" } }, { reason: "transfers_held", hold: state });
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
  return toState(row, now);
}
