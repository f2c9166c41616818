import "server-only";
import { endpoint, json, parseBody, parseParams, parseQuery } from "@/lib/http/route";
import { scheduleBodySchema, scheduleChangesSchema, scheduleIdParamSchema, scheduleList } from "@/lib/schedules/schemas";
import { changeSchedule, createSchedule, listAllSchedules, patchSchedule, pauseSchedule, removeSchedule } from "@/lib/schedules/service";

// The schedules' handlers behind /api/erp/schedules and /api/v1/schedules alike.

type IdParams = { id: string };

export const listSchedulesEndpoint = endpoint("read", async ({ req }) => json(await listAllSchedules(parseQuery(req, scheduleList.querySchema))));

export const createScheduleEndpoint = endpoint("erp.run", async ({ req, actor, service }) => {
  const body = await parseBody(req, scheduleBodySchema);
  return json({ schedule: await createSchedule({ ...service, actor }, body) }, { status: 201 });
});

// The whole schedule again, in the shape a read gives it; the next start is worked out anew.
export const changeScheduleEndpoint = endpoint<IdParams>("erp.run", async ({ req, params, actor, service }) => {
  const { id } = parseParams(params, scheduleIdParamSchema);
  const body = await parseBody(req, scheduleBodySchema);
  return json({ schedule: await changeSchedule({ ...service, actor }, id, body) });
});

// Only the fields given change; the rest stay as they are.
export const patchScheduleEndpoint = endpoint<IdParams>("erp.run", async ({ req, params, actor, service }) => {
  const { id } = parseParams(params, scheduleIdParamSchema);
  const changes = await parseBody(req, scheduleChangesSchema);
  return json({ schedule: await patchSchedule({ ...service, actor }, id, changes) });
});

// The schedule and its history go; the imports and runs it started stay.
export const deleteScheduleEndpoint = endpoint<IdParams>("erp.run", async ({ params, actor, service }) => {
  const { id } = parseParams(params, scheduleIdParamSchema);
  await removeSchedule({ ...service, actor }, id);
  return json({ deleted: id });
});

// Pausing a paused schedule changes nothing; resuming works the next start out from now.
export const pauseScheduleEndpoint = endpoint<IdParams>("erp.run", async ({ params, actor, service }) =>
  json({ schedule: await pauseSchedule({ ...service, actor }, parseParams(params, scheduleIdParamSchema).id, true) }),
);
export const resumeScheduleEndpoint = endpoint<IdParams>("erp.run", async ({ params, actor, service }) =>
  json({ schedule: await pauseSchedule({ ...service, actor }, parseParams(params, scheduleIdParamSchema).id, false) }),
);
