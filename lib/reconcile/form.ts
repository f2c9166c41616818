import { z } from "zod";
import { RECONCILE_MAX_WINDOW_DAYS } from "@/lib/reconcile/constants";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

export const reconcileWindowFormSchema = z
  .object({
    from: z.string().regex(DAY, { error: "validation.reconcile.fromRequired" }),
    to: z.string().regex(DAY, { error: "validation.reconcile.toRequired" }),
  })
  .superRefine((v, ctx) => {
    if (!DAY.test(v.from) || !DAY.test(v.to)) return;
    const days = dayNumber(v.to) - dayNumber(v.from) + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "validation.reconcile.toBeforeFrom" });
    else if (days > RECONCILE_MAX_WINDOW_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: "validation.reconcile.windowTooLong", params: { maximum: RECONCILE_MAX_WINDOW_DAYS } });
  });
export type ReconcileWindowForm = z.infer<typeof reconcileWindowFormSchema>;
