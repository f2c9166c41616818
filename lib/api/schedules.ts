import "server-only";
import { endpoint, json } from "@/lib/api/endpoint";
import { deletedAnswer } from "@/lib/list/answers";
import { scheduleAnswer, scheduleListAnswer } from "@/lib/schedules/schemas";
import { scheduleBodySchema, scheduleChangesSchema, scheduleIdParamSchema, scheduleList } from "@/lib/schedules/schemas";
import * as schedules from "@/lib/schedules/service";


const changed = { 200: { description: "The schedule as changed", schema: scheduleAnswer } };

export const listSchedules = endpoint({ permission: "read", query: scheduleList.querySchema, answer: { 200: { description: "The schedules", schema: scheduleListAnswer } } }, async ({ query }) => json(await schedules.listAllSchedules(query)));

export const createSchedule = endpoint({ permission: "erp.run", body: scheduleBodySchema, answer: { 201: { description: "The schedule created", schema: scheduleAnswer } } }, async ({ body, actor, service }) =>
  json({ schedule: await schedules.createSchedule({ ...service, actor }, body) }, { status: 201 }),
);

// The whole schedule again, in the shape a read gives it; the next start is worked out anew.
export const changeSchedule = endpoint({ permission: "erp.run", params: scheduleIdParamSchema, body: scheduleBodySchema, answer: changed, refusals: [404] }, async ({ params, body, actor, service }) =>
  json({ schedule: await schedules.changeSchedule({ ...service, actor }, params.id, body) }),
);

// Only the fields given change; the rest stay as they are.
export const patchSchedule = endpoint({ permission: "erp.run", params: scheduleIdParamSchema, body: scheduleChangesSchema, answer: changed, refusals: [404] }, async ({ params, body, actor, service }) =>
  json({ schedule: await schedules.patchSchedule({ ...service, actor }, params.id, body) }),
);

// The schedule and its history go; the imports and runs it started stay.
export const deleteSchedule = endpoint({ permission: "erp.run", params: scheduleIdParamSchema, answer: { 200: { description: "Deleted", schema: deletedAnswer } }, refusals: [404] }, async ({ params, actor, service }) => {
  await schedules.removeSchedule({ ...service, actor }, params.id);
  return json({ deleted: params.id });
});

// Pausing a paused schedule changes nothing; resuming works the next start out from now.
export const pauseSchedule = endpoint({ permission: "erp.run", params: scheduleIdParamSchema, answer: { 200: { description: "The schedule, paused", schema: scheduleAnswer } }, refusals: [404] }, async ({ params, actor, service }) =>
  json({ schedule: await schedules.pauseSchedule({ ...service, actor }, params.id, true) }),
);
export const resumeSchedule = endpoint({ permission: "erp.run", params: scheduleIdParamSchema, answer: { 200: { description: "The schedule, resumed", schema: scheduleAnswer } }, refusals: [404] }, async ({ params, actor, service }) =>
  json({ schedule: await schedules.pauseSchedule({ ...service, actor }, params.id, false) }),
);
