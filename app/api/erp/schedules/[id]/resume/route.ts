import { json, parseParams, withRoute } from "@/lib/http/route";
import { scheduleIdParamSchema } from "@/lib/schedules/schemas";
import { pauseSchedule, scheduleContext } from "@/lib/schedules/service";

export const dynamic = "force-dynamic";

// POST /api/erp/schedules/{id}/resume: the next start is worked out from now.
export const POST = withRoute<{ id: string }>("erp.run", async (ctx) => json({ schedule: await pauseSchedule(scheduleContext(ctx), parseParams(ctx.params, scheduleIdParamSchema).id, false) }));
