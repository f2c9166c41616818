import { json, parseBody, parseQuery, withRoute } from "@/lib/http/route";
import { scheduleBodySchema, scheduleList } from "@/lib/schedules/schemas";
import { createSchedule, listAllSchedules, scheduleContext } from "@/lib/schedules/service";

export const dynamic = "force-dynamic";

export const GET = withRoute("read", async ({ req }) => json(await listAllSchedules(parseQuery(req, scheduleList.querySchema))));

export const POST = withRoute("erp.run", async (ctx) => {
  const body = await parseBody(ctx.req, scheduleBodySchema);
  return json({ schedule: await createSchedule(scheduleContext(ctx), body) }, { status: 201 });
});
