import { json, parseParams, withRoute } from "@/lib/http/route";
import { scheduleIdParamSchema } from "@/lib/schedules/schemas";
import { pauseSchedule, scheduleContext } from "@/lib/schedules/service";

export const dynamic = "force-dynamic";

// POST /api/erp/schedules/{id}/pause: no starts until resumed (pausing a paused schedule changes nothing).
export const POST = withRoute<{ id: string }>("erp.run", async (ctx) => json({ schedule: await pauseSchedule(scheduleContext(ctx), parseParams(ctx.params, scheduleIdParamSchema).id, true) }));
