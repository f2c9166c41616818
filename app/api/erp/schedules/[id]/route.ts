import { json, parseBody, parseParams, withRoute } from "@/lib/http/route";
import { scheduleBodySchema, scheduleIdParamSchema } from "@/lib/schedules/schemas";
import { changeSchedule, removeSchedule, scheduleContext } from "@/lib/schedules/service";

export const dynamic = "force-dynamic";

// PUT /api/erp/schedules/{id}: the whole schedule again (the form sends every field); the next start is worked out anew.
export const PUT = withRoute<{ id: string }>("erp.run", async (ctx) => {
  const { id } = parseParams(ctx.params, scheduleIdParamSchema);
  const body = await parseBody(ctx.req, scheduleBodySchema);
  return json({ schedule: await changeSchedule(scheduleContext(ctx), id, body) });
});

// DELETE /api/erp/schedules/{id}: the schedule and its history; the imports it started stay.
export const DELETE = withRoute<{ id: string }>("erp.run", async (ctx) => {
  const { id } = parseParams(ctx.params, scheduleIdParamSchema);
  await removeSchedule(scheduleContext(ctx), id);
  return json({ deleted: id });
});
