import "server-only";
import { endpoint, json } from "@/lib/api/endpoint";
import { deletedAnswer } from "@/lib/list/answers";
import { scheduleAnswer, scheduleListAnswer } from "@/lib/schedules/schemas";
import { scheduleBodySchema, scheduleChangesSchema, scheduleFieldsSchema, scheduleIdParamSchema, scheduleList } from "@/lib/schedules/schemas";
import * as schedules from "@/lib/schedules/service";


// The zones the body's refinement takes, as far as a schema can say them; a cron expression's meaning it cannot.
const zones = { allOf: [{ properties: { timeZone: { enum: ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")] } } }] };
const bothEnds = (end: string, other: string) => ({ if: { properties: { [end]: { type: "string" } }, required: [end] }, then: { properties: { [other]: { type: "string" } }, required: [other] } });
const scheduleBody = scheduleBodySchema.meta({ allOf: [...zones.allOf, bothEnds("activeFrom", "activeTo"), bothEnds("activeTo", "activeFrom")] });
const scheduleChanges = scheduleFieldsSchema.partial().meta(zones);

const changed = { 200: { description: "The schedule as changed", schema: scheduleAnswer } };

export const listSchedules = endpoint({ permission: "read", v1: { method: "GET", path: "/schedules", operationId: "listSchedules", summary: "The import and transfer schedules with their next start and recent history", tag: "Schedules" }, query: scheduleList.querySchema, answer: { 200: { description: "The schedules", schema: scheduleListAnswer } } }, async ({ query }) => json(await schedules.listAllSchedules(query)));

export const createSchedule = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/schedules", operationId: "createSchedule", summary: "Create a schedule: every N minutes, daily or weekly times, or cron, with an optional active window (transfers: a most-orders cap)", tag: "Schedules", describe: { body: scheduleBody } }, body: scheduleBodySchema, answer: { 201: { description: "The schedule created", schema: scheduleAnswer } } }, async ({ body, actor, service }) =>
  json({ schedule: await schedules.createSchedule({ ...service, actor }, body) }, { status: 201 }),
);

// The whole schedule again, in the shape a read gives it; the next start is worked out anew.
export const changeSchedule = endpoint({ permission: "erp.run", v1: { method: "PUT", path: "/schedules/{id}", operationId: "replaceSchedule", summary: "Replace a schedule: the body has a read's shape (the fields only the console sets are ignored); its next start is worked out anew", tag: "Schedules", describe: { body: scheduleBody } }, params: scheduleIdParamSchema, body: scheduleBodySchema, answer: changed, refusals: [404] }, async ({ params, body, actor, service }) =>
  json({ schedule: await schedules.changeSchedule({ ...service, actor }, params.id, body) }),
);

// Only the fields given change; the rest stay as they are.
export const patchSchedule = endpoint({ permission: "erp.run", v1: { method: "PATCH", path: "/schedules/{id}", operationId: "updateSchedule", summary: "Change only the fields given (the rule as a whole); the others stay as they are", tag: "Schedules", describe: { body: scheduleChanges } }, params: scheduleIdParamSchema, body: scheduleChangesSchema, answer: changed, refusals: [404] }, async ({ params, body, actor, service }) =>
  json({ schedule: await schedules.patchSchedule({ ...service, actor }, params.id, body) }),
);

// The schedule and its history go; the imports and runs it started stay.
export const deleteSchedule = endpoint({ permission: "erp.run", v1: { method: "DELETE", path: "/schedules/{id}", operationId: "deleteSchedule", summary: "Delete a schedule and its history; the runs it started stay", tag: "Schedules" }, params: scheduleIdParamSchema, answer: { 200: { description: "Deleted", schema: deletedAnswer } }, refusals: [404] }, async ({ params, actor, service }) => {
  await schedules.removeSchedule({ ...service, actor }, params.id);
  return json({ deleted: params.id });
});

// Pausing a paused schedule changes nothing; resuming works the next start out from now.
export const pauseSchedule = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/schedules/{id}/pause", operationId: "pauseSchedule", summary: "Pause a schedule: no starts until resumed", tag: "Schedules" }, params: scheduleIdParamSchema, answer: { 200: { description: "The schedule, paused", schema: scheduleAnswer } }, refusals: [404] }, async ({ params, actor, service }) =>
  json({ schedule: await schedules.pauseSchedule({ ...service, actor }, params.id, true) }),
);
export const resumeSchedule = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/schedules/{id}/resume", operationId: "resumeSchedule", summary: "Resume a schedule; its next start is worked out from now", tag: "Schedules" }, params: scheduleIdParamSchema, answer: { 200: { description: "The schedule, resumed", schema: scheduleAnswer } }, refusals: [404] }, async ({ params, actor, service }) =>
  json({ schedule: await schedules.pauseSchedule({ ...service, actor }, params.id, false) }),
);

// A start now, outside the rule; the next start stays as it is.
export const runSchedule = endpoint({ permission: "erp.run", v1: { method: "POST", path: "/schedules/{id}/run", operationId: "runSchedule", summary: "Start a schedule once now (as its due start would); its next start stays as it is", tag: "Schedules" }, params: scheduleIdParamSchema, answer: { 200: { description: "The schedule with this start in its history", schema: scheduleAnswer } }, refusals: [404] }, async ({ params, actor, service }) =>
  json({ schedule: await schedules.runScheduleNow({ ...service, actor }, params.id) }),
);
