import { describe, expect, it } from "vitest";
import { cronProblem, isQuiet, isTimeZone, nextStart, nextStarts, type Timing } from "@/lib/schedules/next";
import { scheduleFormSchema, emptyFormValues } from "@/lib/schedules/schemas";

// Next starts are computed in the schedule's own zone: DST gaps and repeats, zones without DST, quiet hours over midnight.

const iso = (d: Date | null) => d?.toISOString() ?? null;
const isos = (ds: Date[]) => ds.map((d) => d.toISOString());
const at = (s: string) => new Date(s);

describe("every N minutes", () => {
  it("is a grid on the local clock, the first start strictly after now", () => {
    const t: Timing = { rule: { type: "every", minutes: 15 }, timeZone: "Europe/Istanbul", quiet: null };
    expect(isos(nextStarts(t, at("2026-05-10T09:07:30Z"), 3))).toEqual(["2026-05-10T09:15:00.000Z", "2026-05-10T09:30:00.000Z", "2026-05-10T09:45:00.000Z"]);
    expect(iso(nextStart(t, at("2026-05-10T09:15:00Z")))).toBe("2026-05-10T09:30:00.000Z");
  });

  it("every 1 minute starts at the next whole minute", () => {
    const t: Timing = { rule: { type: "every", minutes: 1 }, timeZone: "UTC", quiet: null };
    expect(iso(nextStart(t, at("2026-05-10T09:07:59.900Z")))).toBe("2026-05-10T09:08:00.000Z");
  });

  it("every 2 hours counts from local midnight (Kolkata is +05:30)", () => {
    const t: Timing = { rule: { type: "every", minutes: 120 }, timeZone: "Asia/Kolkata", quiet: null };
    // 10:00 UTC = 15:30 local; the next even local hour is 16:00 = 10:30 UTC.
    expect(iso(nextStart(t, at("2026-05-10T10:00:00Z")))).toBe("2026-05-10T10:30:00.000Z");
  });

  it("stock every 15 minutes from 07:00 to 23:00 (quiet 23:00-07:00, Istanbul, UTC+3 all year)", () => {
    const t: Timing = { rule: { type: "every", minutes: 15 }, timeZone: "Europe/Istanbul", quiet: { from: "23:00", to: "07:00" } };
    // 22:40 local: 22:45 is the last start of the day, then 07:00 the next morning.
    expect(isos(nextStarts(t, at("2026-01-15T19:40:00Z"), 3))).toEqual(["2026-01-15T19:45:00.000Z", "2026-01-16T04:00:00.000Z", "2026-01-16T04:15:00.000Z"]);
    // Same wall clock in July: Istanbul has no DST, so the same UTC times.
    expect(iso(nextStart(t, at("2026-07-15T19:46:00Z")))).toBe("2026-07-16T04:00:00.000Z");
  });

  it("America/New_York spring-forward: the 02:xx slots do not exist and are skipped", () => {
    const t: Timing = { rule: { type: "every", minutes: 30 }, timeZone: "America/New_York", quiet: null };
    // 2026-03-08 01:00 EST = 06:00 UTC; clocks jump from 02:00 EST to 03:00 EDT (07:00 UTC).
    expect(isos(nextStarts(t, at("2026-03-08T06:00:00Z"), 3))).toEqual(["2026-03-08T06:30:00.000Z", "2026-03-08T07:00:00.000Z", "2026-03-08T07:30:00.000Z"]);
  });

  it("Europe/Berlin fall-back: every 30 minutes runs in both copies of the repeated hour (real time keeps going)", () => {
    const t: Timing = { rule: { type: "every", minutes: 30 }, timeZone: "Europe/Berlin", quiet: null };
    expect(isos(nextStarts(t, at("2026-10-25T00:10:00Z"), 4))).toEqual([
      "2026-10-25T00:30:00.000Z", // 02:30 CEST
      "2026-10-25T01:00:00.000Z", // 02:00 CET
      "2026-10-25T01:30:00.000Z", // 02:30 CET
      "2026-10-25T02:00:00.000Z", // 03:00 CET
    ]);
  });
});

describe("daily and weekly at set times", () => {
  it("prices daily at 06:30 in Istanbul", () => {
    const t: Timing = { rule: { type: "daily", times: ["06:30"] }, timeZone: "Europe/Istanbul", quiet: null };
    expect(isos(nextStarts(t, at("2026-03-01T05:00:00Z"), 2))).toEqual(["2026-03-02T03:30:00.000Z", "2026-03-03T03:30:00.000Z"]);
  });

  it("several times a day, in order", () => {
    const t: Timing = { rule: { type: "daily", times: ["06:30", "18:00"] }, timeZone: "UTC", quiet: null };
    expect(isos(nextStarts(t, at("2026-03-01T07:00:00Z"), 3))).toEqual(["2026-03-01T18:00:00.000Z", "2026-03-02T06:30:00.000Z", "2026-03-02T18:00:00.000Z"]);
  });

  it("Europe/Berlin spring-forward: 02:30 does not exist that day and starts at 03:00 (once)", () => {
    const t: Timing = { rule: { type: "daily", times: ["02:30"] }, timeZone: "Europe/Berlin", quiet: null };
    expect(isos(nextStarts(t, at("2026-03-27T12:00:00Z"), 3))).toEqual([
      "2026-03-28T01:30:00.000Z", // 02:30 CET
      "2026-03-29T01:00:00.000Z", // 03:00 CEST, the first valid time after the gap
      "2026-03-30T00:30:00.000Z", // 02:30 CEST
    ]);
  });

  it("Europe/Berlin fall-back: 02:30 happens twice and starts once", () => {
    const t: Timing = { rule: { type: "daily", times: ["02:30"] }, timeZone: "Europe/Berlin", quiet: null };
    expect(isos(nextStarts(t, at("2026-10-24T12:00:00Z"), 2))).toEqual(["2026-10-25T00:30:00.000Z", "2026-10-26T01:30:00.000Z"]);
  });

  it("the same wall-clock time is a different UTC time before and after New York's DST change", () => {
    const t: Timing = { rule: { type: "daily", times: ["09:00"] }, timeZone: "America/New_York", quiet: null };
    expect(isos(nextStarts(t, at("2026-03-07T00:00:00Z"), 2))).toEqual(["2026-03-07T14:00:00.000Z", "2026-03-08T13:00:00.000Z"]);
  });

  it("weekly on Monday and Friday at 08:00", () => {
    const t: Timing = { rule: { type: "weekly", days: [1, 5], times: ["08:00"] }, timeZone: "Europe/Istanbul", quiet: null };
    // 2026-05-13 is a Wednesday.
    expect(isos(nextStarts(t, at("2026-05-13T00:00:00Z"), 3))).toEqual(["2026-05-15T05:00:00.000Z", "2026-05-18T05:00:00.000Z", "2026-05-22T05:00:00.000Z"]);
  });
});

describe("cron expressions", () => {
  it("runs in the schedule's zone", () => {
    const t: Timing = { rule: { type: "cron", expression: "0 9 * * 1-5" }, timeZone: "America/New_York", quiet: null };
    // Saturday 2026-05-16: the next weekday 09:00 EDT is Monday 13:00 UTC.
    expect(iso(nextStart(t, at("2026-05-16T12:00:00Z")))).toBe("2026-05-18T13:00:00.000Z");
  });

  it("a start inside the quiet hours moves to the next start after them", () => {
    const t: Timing = { rule: { type: "cron", expression: "0 * * * *" }, timeZone: "UTC", quiet: { from: "01:00", to: "05:00" } };
    expect(isos(nextStarts(t, at("2026-05-16T00:30:00Z"), 2))).toEqual(["2026-05-16T05:00:00.000Z", "2026-05-16T06:00:00.000Z"]);
  });

  it("names invalid and never-running expressions", () => {
    expect(cronProblem("*/5 * * * *")).toBeNull();
    expect(cronProblem("61 * * * *")).toBe("cron_invalid");
    expect(cronProblem("every day")).toBe("cron_invalid");
    expect(cronProblem("* * * * * *")).toBe("cron_invalid"); // seconds: not for imports
    expect(cronProblem("0 0 31 2 *")).toBe("cron_never");
  });

  it("a rule whose every start is quiet has no next start", () => {
    const t: Timing = { rule: { type: "daily", times: ["03:00"] }, timeZone: "UTC", quiet: { from: "02:00", to: "04:00" } };
    expect(nextStart(t, at("2026-05-16T00:00:00Z"))).toBeNull();
  });
});

describe("quiet hours and zones", () => {
  it("wrap midnight: from included, to excluded", () => {
    const q = { from: "23:00", to: "07:00" };
    expect(isQuiet(at("2026-05-16T23:00:00Z"), "UTC", q)).toBe(true);
    expect(isQuiet(at("2026-05-16T02:00:00Z"), "UTC", q)).toBe(true);
    expect(isQuiet(at("2026-05-16T06:59:00Z"), "UTC", q)).toBe(true);
    expect(isQuiet(at("2026-05-16T07:00:00Z"), "UTC", q)).toBe(false);
    expect(isQuiet(at("2026-05-16T22:59:00Z"), "UTC", q)).toBe(false);
  });

  it("within a day, read on the zone's clock", () => {
    const q = { from: "12:00", to: "14:00" };
    expect(isQuiet(at("2026-05-16T09:30:00Z"), "Europe/Istanbul", q)).toBe(true); // 12:30 local
    expect(isQuiet(at("2026-05-16T12:30:00Z"), "Europe/Istanbul", q)).toBe(false); // 15:30 local
  });

  it("knows IANA zones and refuses unknown ones", () => {
    expect(isTimeZone("Europe/Istanbul")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("the form's schema", () => {
  const base = emptyFormValues("Europe/Istanbul");
  const fieldErrors = (input: unknown) => {
    const r = scheduleFormSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("puts an invalid cron expression and an unknown zone on their fields", () => {
    expect(fieldErrors({ ...base, rule: "cron", cron: "61 * * * *", timeZone: "Mars/Base" })).toEqual({
      cron: "validation.schedules.cronInvalid",
      timeZone: "validation.schedules.timeZoneUnknown",
    });
    expect(fieldErrors({ ...base, rule: "cron", cron: "0 0 31 2 *" })).toEqual({ cron: "validation.schedules.cronNever" });
  });

  it("checks only the chosen rule's fields, and quiet hours as a pair", () => {
    expect(fieldErrors({ ...base, rule: "daily", times: "6:30" })).toEqual({ times: "validation.schedules.times" });
    expect(fieldErrors({ ...base, rule: "weekly", times: "06:30" })).toEqual({ days: "validation.schedules.daysMissing" });
    expect(fieldErrors({ ...base, everyMinutes: "7" })).toEqual({ everyMinutes: "validation.schedules.everyMinutes" });
    expect(fieldErrors({ ...base, quietFrom: "23:00" })).toEqual({ quietTo: "validation.schedules.quietBoth" });
    expect(fieldErrors({ ...base, quietFrom: "23:00", quietTo: "23:00" })).toEqual({ quietTo: "validation.schedules.quietSame" });
  });

  it("a transfer's early sends: empty is off, else a whole number (N from 1, T from 5 seconds)", () => {
    const transfer = { ...base, kind: "transfer", maxOrders: "500" };
    expect(fieldErrors({ ...transfer, sendWhenWaiting: "0", sendWhenOldestSeconds: "4" })).toEqual({ sendWhenWaiting: "validation.schedules.sendWhenWaiting", sendWhenOldestSeconds: "validation.schedules.sendWhenOldestSeconds" });
    expect(fieldErrors({ ...transfer, sendWhenWaiting: "2.5", sendWhenOldestSeconds: "-30" })).toEqual({ sendWhenWaiting: "validation.schedules.sendWhenWaiting", sendWhenOldestSeconds: "validation.schedules.sendWhenOldestSeconds" });
    expect(scheduleFormSchema.parse({ ...transfer, sendWhenWaiting: " 50 ", sendWhenOldestSeconds: "" })).toMatchObject({ sendWhenWaiting: 50, sendWhenOldestSeconds: null });
    expect(scheduleFormSchema.parse({ ...base, sendWhenWaiting: "0" })).toMatchObject({ sendWhenWaiting: null });
  });

  it("gives the rule in one shape", () => {
    expect(scheduleFormSchema.parse({ ...base, quietFrom: "23:00", quietTo: "07:00" })).toEqual({
      kind: "stock",
      name: null,
      rule: { type: "every", minutes: 15 },
      timeZone: "Europe/Istanbul",
      quiet: { from: "23:00", to: "07:00" },
      maxOrders: null,
      sendWhenWaiting: null,
      sendWhenOldestSeconds: null,
      windowHours: null,
    });
    expect(scheduleFormSchema.parse({ ...base, kind: "prices", rule: "weekly", days: ["5", "1", "1"], times: "18:00, 06:30" }).rule).toEqual({
      type: "weekly",
      days: [1, 5],
      times: ["06:30", "18:00"],
    });
  });
});
