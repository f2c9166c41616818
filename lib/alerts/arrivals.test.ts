import { describe, expect, it } from "vitest";
import { activeMinutesBetween, judgeSilence, judgeVolume, median, type HourCount } from "@/lib/alerts/arrivals";

const TZ = "Europe/Istanbul";
// A Thursday, 14:20 in Istanbul.
const NOW = new Date("2026-11-26T11:20:00Z");
const min = (n: number) => new Date(NOW.getTime() + n * 60_000);
const ISTANBUL_DAY = [{ timeZone: TZ, quiet: { from: "18:00", to: "09:00" } }];

describe("active minutes", () => {
  it("are every minute without a transfer schedule, and only the windows' minutes with them", () => {
    expect(activeMinutesBetween(min(-90), NOW, [])).toBe(90);
    // 09:00-18:00 Istanbul is active: from 07:50 to 14:20 there are 5 h 20 min of it.
    expect(activeMinutesBetween(min(-390), NOW, ISTANBUL_DAY)).toBe(320);
    // A second window from 08:00 to 10:00: a minute in either window counts once.
    expect(activeMinutesBetween(min(-390), NOW, [...ISTANBUL_DAY, { timeZone: TZ, quiet: { from: "10:00", to: "08:00" } }])).toBe(380);
  });

  it("stop counting once there are enough", () => {
    expect(activeMinutesBetween(min(-600), NOW, [], 30)).toBe(30);
  });
});

describe("the silence rule", () => {
  const rule = { minutes: 60, since: min(-1000), alertedAt: null };

  it("counts from the last push (or the rule's start) and is silent at exactly its active minutes", () => {
    expect(judgeSilence(rule, min(-59), NOW, [])).toEqual({ silent: false, from: min(-59), alert: false });
    expect(judgeSilence(rule, min(-60), NOW, [])).toEqual({ silent: true, from: min(-60), alert: true });
    expect(judgeSilence({ ...rule, since: min(-60) }, null, NOW, [])).toMatchObject({ silent: true, from: min(-60) });
    expect(judgeSilence({ ...rule, since: min(-30) }, min(-500), NOW, [])).toMatchObject({ silent: false, from: min(-30) });
  });

  it("does not count quiet hours: a night without pushes is no silence", () => {
    const evening = new Date("2026-11-26T14:50:00Z"); // 17:50 Istanbul
    const morning = new Date("2026-11-27T06:40:00Z"); // 09:40 Istanbul
    expect(judgeSilence(rule, evening, morning, ISTANBUL_DAY)).toMatchObject({ silent: false });
    expect(judgeSilence(rule, evening, new Date("2026-11-27T06:50:00Z"), ISTANBUL_DAY)).toMatchObject({ silent: true, alert: true });
  });

  it("alerts once per spell, and again after a push starts a new one", () => {
    expect(judgeSilence({ ...rule, alertedAt: min(-10) }, min(-120), NOW, [])).toEqual({ silent: true, from: min(-120), alert: false });
    expect(judgeSilence({ ...rule, alertedAt: min(-130) }, min(-120), NOW, [])).toMatchObject({ silent: true, alert: true });
  });
});

describe("the volume rule", () => {
  // Pushes every hour from 09:00 Istanbul: `perHour` orders on each of the four earlier Thursdays, `today` per hour today.
  function hours(perHour: number[], today: number): HourCount[] {
    const out: HourCount[] = [];
    for (let week = 1; week <= 4; week++) for (let h = 6; h < 15; h++) out.push({ hour: new Date(Date.UTC(2026, 10, 26 - 7 * week, h)), orders: perHour[week - 1]! });
    for (let h = 6; h < 12; h++) out.push({ hour: new Date(Date.UTC(2026, 10, 26, h)), orders: today });
    // Another weekday never counts.
    out.push({ hour: new Date(Date.UTC(2026, 10, 25, 8)), orders: 10_000 });
    return out;
  }

  it("compares today's completed hours with the same hours of the last four same weekdays' median", () => {
    // Completed hours today: 09:00-14:00 Istanbul (06-11 UTC), 5 hours; the 14:00 hour is still running.
    const v = judgeVolume({ percent: 50, alertedDay: null }, hours([10, 20, 30, 1000], 4), NOW, TZ);
    expect(v).toEqual({ day: "2026-11-26", today: 20, median: 125, low: true, alert: true });
    expect(judgeVolume({ percent: 10, alertedDay: null }, hours([10, 20, 30, 1000], 4), NOW, TZ)).toMatchObject({ low: false, alert: false });
    expect(judgeVolume({ percent: 50, alertedDay: "2026-11-26" }, hours([10, 20, 30, 1000], 4), NOW, TZ)).toMatchObject({ low: true, alert: false });
  });

  it("says nothing while the usual day is too small to judge, or the rule is off", () => {
    expect(judgeVolume({ percent: 50, alertedDay: null }, hours([1, 1, 2, 2], 0), NOW, TZ)).toMatchObject({ median: 7.5, low: false });
    expect(judgeVolume({ percent: 0, alertedDay: null }, hours([10, 20, 30, 1000], 0), NOW, TZ)).toMatchObject({ low: false });
  });

  it("takes the middle of an even list", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
  });
});
