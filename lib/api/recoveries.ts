import "server-only";
import { endpoint, json } from "@/lib/api/endpoint";
import { idempotencyKeySchema } from "@/lib/erp/schemas";
import { recoveryBodySchema, recoveryList, recoveryListAnswer, recoveryPreviewAnswer, recoveryShapes, recoveryStartedAnswer } from "@/lib/erp/recoveries/schemas";
import { listRecoveries as list, previewRecovery, startRecovery } from "@/lib/erp/recoveries/service";

const TAG = "Recoveries";

// With confirm false the frozen count and first ids (nothing sent); with confirm true and that count, one paced run of origin recovery.
export const recoverWindow = endpoint({
  permission: "erp.run",
  v1: { method: "POST", path: "/recoveries", operationId: "recoverWindow", summary: "Send again the orders that failed or ended unknown in an incident window ({from, to, name}, at most 31 days, optionally by source and reason): confirm false answers the count and the first ids, confirm true with expectedCount starts one paced run whose origin is recovery (409 count_changed with the new count when it differs)", tag: TAG, describe: { body: recoveryShapes } },
  headers: { "Idempotency-Key": { schema: idempotencyKeySchema.optional(), description: "Repeating a confirm with the same key answers the same run (200) instead of starting another." } },
  body: recoveryBodySchema,
  answer: {
    200: { description: "The preview (confirm false), or the run this Idempotency-Key started before", schema: recoveryPreviewAnswer.or(recoveryStartedAnswer) },
    201: { description: "The recovery started", schema: recoveryStartedAnswer, headers: { Location: "The run's address" } },
  },
  refusals: [409],
}, async ({ body, headers, actor, service, api }) => {
  if (!body.confirm) return json(await previewRecovery(body));
  const started = await startRecovery({ ...service, actor }, headers["Idempotency-Key"], body);
  return json(started, { status: started.created ? 201 : 200, headers: { Location: `${api ? "/api/v1" : "/api/erp"}/transfers/${started.run.id}` } });
});

// The recoveries, newest first.
export const listRecoveries = endpoint({ permission: "read", v1: { method: "GET", path: "/recoveries", operationId: "listRecoveries", summary: "The recoveries of incident windows, newest first: name, window, filters, count, run and who started it", tag: TAG }, query: recoveryList.querySchema, answer: { 200: { description: "A page of recoveries", schema: recoveryListAnswer } } }, async ({ query }) => json(await list(query)));
