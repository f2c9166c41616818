import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Times are shown one way (lib/i18n/datetime.ts through components/ui/time.tsx); pages must not format them on their own.

const root = path.resolve(import.meta.dirname, "../..");
const OWNERS = new Set(["components/ui/time.tsx"]);
// Owned by the activity trail's rework; its one formatting call moves to useDateTime() there.
export const OWN_DATE_FORMATTING = [
  /\.dateTime\(/,
  /\.relativeTime\(/,
  /\bdateStyle\b|\btimeStyle\b/,
  /\btoLocale(Date|Time)?String\(/,
  /\bIntl\.(DateTimeFormat|RelativeTimeFormat)\b/,
  /\buseNow\b[^;]*from "next-intl"|from "next-intl"[^;]*\buseNow\b/,
  /type="(date|time|datetime-local)"/,
];

export function offences(text: string): string[] {
  return text.split("\n").filter((line) => OWN_DATE_FORMATTING.some((re) => re.test(line.replace(/\bdt\.dateTime\(/g, ""))));
}

describe("one way to show time", () => {
  it("finds a page formatting a date by itself", () => {
    expect(offences('const s = format.dateTime(new Date(x), { dateStyle: "medium" });')).toHaveLength(1);
    expect(offences("const s = new Date(x).toLocaleString();")).toHaveLength(1);
    expect(offences('import { useNow, useTranslations } from "next-intl";')).toHaveLength(1);
    expect(offences('<input type="date" />')).toHaveLength(1);
    expect(offences("const s = dt.dateTime(x);")).toHaveLength(0);
  });

  it("no component or page formats a date, a relative time or a native date/time input outside components/ui/time.tsx", () => {
    const files = globSync("{components,app}/**/*.{ts,tsx}", { cwd: root })
      .map((f) => f.split(path.sep).join("/"))
      .filter((f) => !/\.(test|spec)\.tsx?$/.test(f) && !OWNERS.has(f));
    const found = files.flatMap((f) => offences(readFileSync(path.join(root, f), "utf8")).map((line) => `${f}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});
