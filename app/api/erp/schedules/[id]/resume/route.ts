import { json, withRoute } from "@/lib/http/route";
import { scheduleContext, scheduleId } from "@/lib/schedules/http";
import { pauseSchedule } from "@/lib/schedules/service";

export const dynamic = "force-dynamic";

// POST /api/erp/schedules/{id}/resume: the next start is worked out from now.
export const POST = withRoute<{ id: string }>("erp.run", async (ctx) => json({ schedule: await pauseSchedule(scheduleContext(ctx), scheduleId(ctx.params), false) }));
