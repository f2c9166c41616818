import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { scheduleBodySchema, scheduleList } from "@/lib/schedules/schemas";
import { createSchedule, listAllSchedules, scheduleContext } from "@/lib/schedules/service";

export const dynamic = "force-dynamic";

// GET /api/erp/schedules: a page of schedules with their next start and recent history.
export const GET = withRoute("read", async ({ req }) => json(await listAllSchedules(parseQuery(req, scheduleList.querySchema))));

// POST /api/erp/schedules: a new schedule (operators and admins).
export const POST = withRoute("erp.run", async (ctx) => {
  const body = await parseBody(ctx.req, scheduleBodySchema);
  return json({ schedule: await createSchedule(scheduleContext(ctx), body) }, { status: 201 });
});
