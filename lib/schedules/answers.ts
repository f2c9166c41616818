import { z } from "zod";
import { defineList } from "@/lib/list/definition";
import { datetime } from "@/lib/list/answers";
import { SCHEDULE_KINDS } from "@/lib/schedules/constants";
import { scheduleListBase } from "@/lib/schedules/lists";
import type { ScheduleRunOutcome } from "@/lib/schedules/tables";

// What the schedules API answers: a schedule with its recent history, and the list.

export type ScheduleSkipReason = "repeat_window" | "missed";

export interface ScheduleRunRow {
  id: number;
  dueAt: string;
  at: string;
  outcome: ScheduleRunOutcome;
  reason: ScheduleSkipReason | null;
  message: string | null;
  importRunId: number | null;
  transferRunId: string | null;
  reconciliationId: string | null;
}

const scheduleRule = z.discriminatedUnion("type", [
  z.object({ type: z.literal("every"), minutes: z.number().int() }),
  z.object({ type: z.literal("daily"), times: z.array(z.string()) }),
  z.object({ type: z.literal("weekly"), days: z.array(z.number().int()), times: z.array(z.string()) }),
  z.object({ type: z.literal("cron"), expression: z.string() }),
]);
const schedule = z.object({
  id: z.uuid(),
  kind: z.enum(SCHEDULE_KINDS),
  name: z.string().nullable(),
  rule: scheduleRule,
  timeZone: z.string(),
  activeFrom: z.string().nullable(),
  activeTo: z.string().nullable(),
  maxOrders: z.number().int().nullable(),
  sendWhenWaiting: z.number().int().nullable(),
  sendWhenOldestSeconds: z.number().int().nullable(),
  windowHours: z.number().int().nullable(),
  paused: z.boolean(),
  nextStartAt: datetime.nullable(),
  createdAt: datetime,
  createdBy: z.string(),
  updatedAt: datetime,
  updatedBy: z.string(),
  history: z.array(
    z.object({
      id: z.number().int(),
      dueAt: datetime,
      at: datetime,
      outcome: z.enum(["started", "failed", "skipped"]),
      reason: z.enum(["repeat_window", "missed"]).nullable(),
      message: z.string().nullable(),
      importRunId: z.number().int().nullable(),
      transferRunId: z.uuid().nullable(),
      reconciliationId: z.uuid().nullable(),
    }),
  ),
});
export type ScheduleRow = z.infer<typeof schedule>;
export const scheduleAnswer = z.object({ schedule });

export const scheduleList = defineList(scheduleListBase);

export const scheduleListAnswer = z.object({ items: z.array(schedule), total: z.number().int(), defaultTimeZone: z.string(), windowMinutes: z.number().int() });
export type ScheduleList = z.infer<typeof scheduleListAnswer>;
