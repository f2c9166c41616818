import { db } from "@/lib/db";
import { getConfig } from "@/lib/config";
import { HttpProblem, json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { createTransferRun, IdempotencyConflictError, listRunPeople, listRuns, RetryRefusedError, toRunSummary } from "@/lib/erp/run-store";
import { createTransferBodySchema, idempotencyKeySchema, listTransfersQuerySchema } from "@/lib/erp/schemas";
import { recoverRuns, runnerInstance, startProcessing } from "@/lib/erp/service";

export const dynamic = "force-dynamic";

// GET /api/erp/transfers: one page of transfer runs, newest first, filtered by status and person.
export const GET = withRoute("read", async ({ req }) => {
  const q = parseQuery(req, listTransfersQuerySchema);
  await recoverRuns();
  const conn = await db();
  const [{ items, total }, people] = await Promise.all([listRuns(conn, q), listRunPeople(conn)]);
  return json({ items, total, page: q.page, limit: q.limit, people });
});

// POST /api/erp/transfers: records a run (new ids, or a retry of a finished run's failed, unsent
// or unknown orders) and starts it; 201 when created, 200 with the same run for a repeated
// Idempotency-Key, 409 when the key was used for another request.
export const POST = withRoute("erp.run", async ({ req, member, audit }) => {
  const key = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? undefined);
  if (!key.success) {
    const message = key.error.issues[0]?.message ?? "Send an Idempotency-Key header.";
    throw new HttpProblem("validation_failed", message, { errors: { "Idempotency-Key": [message] } });
  }
  const { erp } = getConfig();
  const body = await parseBody(req, createTransferBodySchema(erp.maxOrdersPerRun));
  await recoverRuns();
  let result;
  try {
    result = await createTransferRun(await db(), {
      actor: { id: member.id, email: member.email, name: member.name },
      idempotencyKey: key.data,
      request: body.retry ? { retry: body.retry, parentRunId: body.parentRunId! } : { orderIds: body.orderIds! },
      batchSize: erp.batchSize,
      maxOrdersPerRun: erp.maxOrdersPerRun,
      owner: runnerInstance(),
    });
  } catch (error) {
    if (error instanceof IdempotencyConflictError) {
      throw new HttpProblem("conflict", error.message, { reason: "idempotency_key_reused", runId: error.run.id });
    }
    if (error instanceof RetryRefusedError) {
      if (error.reason === "parent_not_found") {
        throw new HttpProblem("validation_failed", error.message, { errors: { parentRunId: [error.message] } });
      }
      if (error.reason === "too_many") throw new HttpProblem("validation_failed", error.message, { errors: { retry: [error.message] } });
      throw new HttpProblem("conflict", error.message, { reason: error.reason });
    }
    throw error;
  }
  const { run, created } = result;
  if (created) {
    const s = toRunSummary(run);
    await audit({
      action: "erp.transfer",
      target: { type: "erp_transfer_run", id: run.id },
      outcome: "success",
      message: `Transfer run created: ${s.counts.total} orders in ${s.totalBatches} batches.`,
      details: { event: "created", origin: run.origin, parentRunId: run.parent_run_id, orders: s.counts.total, batches: s.totalBatches, batchSize: s.batchSize },
    });
  }
  startProcessing(run.id);
  return json(
    { run: toRunSummary(run), created },
    { status: created ? 201 : 200, headers: { Location: `/api/erp/transfers/${run.id}` } },
  );
});
