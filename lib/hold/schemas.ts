import { z } from "zod";
import { datetime } from "@/lib/list/answers";
import { FILLED_TEXT_PATTERN, hasControlCharacters } from "@/lib/rules/text";
import { HOLD_MAX_DAYS, HOLD_REASON_MAX_LENGTH } from "@/lib/hold/constants";

export * from "@/lib/hold/constants";

const DAY_MS = 86_400_000;

// `until` is judged against the clock when the request arrives: a past end or one beyond HOLD_MAX_DAYS is the request's fault.
export function holdBodySchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      held: z.boolean({ error: "validation.trueOrFalse" }),
      reason: z.string({ error: "validation.hold.reasonText" }).trim().max(HOLD_REASON_MAX_LENGTH, { error: "validation.hold.reasonTooLong" }).refine((v) => !hasControlCharacters(v), { error: "validation.hold.reasonCharacters" }).optional(),
      until: z.iso.datetime({ offset: true, error: "validation.hold.untilFormat" }).nullable().optional(),
    })
    .superRefine((body, ctx) => {
      if (!body.held) {
        if (body.until !== undefined) ctx.addIssue({ code: "custom", path: ["until"], message: "validation.hold.untilWithoutHold" });
        if (body.reason === "") ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.hold.reasonMissing" });
        return;
      }
      if (!body.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.hold.reasonMissing" });
      if (!body.until) return;
      const at = Date.parse(body.until);
      const current = now().getTime();
      if (at <= current) ctx.addIssue({ code: "custom", path: ["until"], message: "validation.hold.untilPast" });
      else if (at > current + HOLD_MAX_DAYS * DAY_MS) ctx.addIssue({ code: "custom", path: ["until"], message: "validation.hold.untilTooFar", params: { days: String(HOLD_MAX_DAYS) } });
    });
}
const until = z.iso.datetime({ offset: true }).nullable().optional().describe(`When the hold lifts by itself: in the future and at most ${HOLD_MAX_DAYS} days ahead; absent or null holds until lifted`);
export const holdBodyDocument = z.xor([
  z.strictObject({ held: z.literal(true), reason: z.string().max(HOLD_REASON_MAX_LENGTH).meta({ pattern: FILLED_TEXT_PATTERN }).describe("Why, shown on every page (one line)"), until }),
  z.strictObject({ held: z.literal(false), reason: z.string().max(HOLD_REASON_MAX_LENGTH).meta({ pattern: FILLED_TEXT_PATTERN }).optional().describe("Why it is lifted, for the activity trail") }),
]);
export type HoldBody = z.output<ReturnType<typeof holdBodySchema>>;

const breakerCause = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("http"), status: z.number().int() }),
  z.object({ kind: z.literal("timeout") }),
  z.object({ kind: z.literal("unreachable") }),
  z.object({ kind: z.literal("same_reason"), reason: z.string() }),
]);
export const breakerDetail = z
  .object({
    cause: breakerCause.describe("What the failing batches said: an HTTP 5xx status, a time-out, no connection, or one reason the platform gave for every order"),
    failing: z.number().int().describe("Failing batches among the last `of` when it opened"),
    of: z.number().int(),
    openedAt: datetime,
    nextProbeAt: datetime.nullable().describe("When the next probe batch goes; null while one is on its way"),
  })
  .describe("Why the automatic breaker holds transfers, while it is open or probing; null when it is closed");
export type BreakerDetail = z.infer<typeof breakerDetail>;

export const holdAnswer = z.object({
  held: z.boolean(),
  reason: z.string().nullable(),
  since: datetime.nullable(),
  until: datetime.nullable().describe("When the hold lifts by itself; null while it lasts until lifted"),
  by: z.enum(["person", "breaker"]).nullable().describe("Who put transfers on hold: a person (or an API key), or the automatic breaker"),
  breaker: z.enum(["closed", "open", "half_open"]),
  person: z.object({ email: z.string(), name: z.string() }).nullable().describe("The member or key that put transfers on hold"),
  breakerDetail: breakerDetail.nullable(),
});
export type HoldState = z.infer<typeof holdAnswer>;
