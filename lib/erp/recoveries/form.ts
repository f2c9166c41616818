import { z } from "zod";
import { RECOVERY_MAX_WINDOW_DAYS, RECOVERY_NAME_MAX } from "@/lib/erp/recoveries/constants";
import { CLOCK_PATTERN } from "@/lib/rules/clock";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = new RegExp(`^${CLOCK_PATTERN}$`);
const minutes = (day: string, time: string) => Date.parse(`${day}T${time}:00Z`) / 60_000;
const optionalText = (max: number, error: string) => z.string().trim().max(max, { error });

// The window as wall times in the account's zone; the handler's body schema judges the instants again.
export const recoverWindowFormSchema = z
  .object({
    name: z.string().trim().min(1, { error: "validation.recovery.name" }).max(RECOVERY_NAME_MAX, { error: "validation.recovery.name" }),
    fromDay: z.string().regex(DAY, { error: "validation.recovery.dateTime" }),
    fromTime: z.string().regex(CLOCK, { error: "validation.recovery.dateTime" }),
    toDay: z.string().regex(DAY, { error: "validation.recovery.dateTime" }),
    toTime: z.string().regex(CLOCK, { error: "validation.recovery.dateTime" }),
    source: optionalText(40, "validation.recovery.source"),
    reason: optionalText(200, "validation.recovery.reason"),
  })
  .superRefine((v, ctx) => {
    if (!DAY.test(v.fromDay) || !DAY.test(v.toDay) || !CLOCK.test(v.fromTime) || !CLOCK.test(v.toTime)) return;
    const span = minutes(v.toDay, v.toTime) - minutes(v.fromDay, v.fromTime);
    if (span <= 0) ctx.addIssue({ code: "custom", path: ["toTime"], message: "validation.recovery.toBeforeFrom" });
    else if (span > RECOVERY_MAX_WINDOW_DAYS * 1440) ctx.addIssue({ code: "custom", path: ["toDay"], message: "validation.recovery.windowTooLong", params: { maximum: RECOVERY_MAX_WINDOW_DAYS } });
  });
export type RecoverWindowForm = z.infer<typeof recoverWindowFormSchema>;
