import "server-only";
import { db } from "@/lib/store";
import type { TransferRunSummary } from "@/lib/erp/schemas";
import { toRunSummary } from "@/lib/erp/store";
import { requestStop } from "@/lib/erp/stop";
import type { ErpContext } from "@/lib/erp/service";

export async function stopTransfer(ctx: ErpContext, runId: string): Promise<{ run: TransferRunSummary; requested: boolean }> {
  const { run, requested } = await requestStop(await db(), runId, ctx.actor.name || ctx.actor.email);
  const s = toRunSummary(run);
  if (requested) {
    await ctx.audit({
      action: "erp.transfer",
      target: { type: "erp_transfer_run", id: run.id },
      outcome: "success",
      message: `Transfer run stop requested by ${ctx.actor.email}: the batches on the wire are answered, then the ${s.counts.pending} orders not sent yet stay unsent.`,
      details: { event: "stop_requested", pending: s.counts.pending, sending: s.counts.sending },
    });
  }
  return { run: s, requested };
}
