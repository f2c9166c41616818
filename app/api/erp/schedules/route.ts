import { json, parseBody, withRoute } from "@/lib/http/route";
import { scheduleBodySchema } from "@/lib/schedules/schemas";
import { createSchedule, listAllSchedules, scheduleContext } from "@/lib/schedules/service";

export const dynamic = "force-dynamic";

// GET /api/erp/schedules: every schedule with its next start and recent history.
export const GET = withRoute("read", async () => json(await listAllSchedules()));

// POST /api/erp/schedules: a new schedule (operators and admins).
export const POST = withRoute("erp.run", async (ctx) => {
  const body = await parseBody(ctx.req, scheduleBodySchema);
  return json({ schedule: await createSchedule(scheduleContext(ctx), body) }, { status: 201 });
});
