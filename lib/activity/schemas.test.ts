import { describe, expect, it } from "vitest";
import { validationMessage } from "@/lib/i18n/validation";
import type { SearchParamsInput } from "@/lib/list/definition";
import { activityList, activityQuery, isCalendarDate, parseTarget, type ActivityFilters, type ActivityState } from "@/lib/activity/schemas";

// The handler's reading (strict) and the page's (tolerant), both as the service sees them.
const listActivityQuerySchema = activityList.querySchema.transform(activityQuery);
const parse = (raw: Record<string, string>) => listActivityQuerySchema.safeParse(raw);
const parseActivitySearchParams = (input: SearchParamsInput) => activityQuery(activityList.load(input));
const activitySearchString = (q: ActivityState) => activityList.search(q);
const activityApiKey = (q: ActivityState) => activityList.key(q);
const activityExportHref = (q: ActivityFilters) => activityList.href("export", q);
const hasActivityFilters = (q: ActivityState) => activityList.isFiltered(q);
const errorPaths = (raw: Record<string, string>) => {
  const result = parse(raw);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.path.join("."));
};

describe("listActivityQuerySchema", () => {
  it("defaults to the first page of 25", () => {
    expect(parse({}).data).toEqual({ page: 1, limit: 25 });
  });

  it("accepts every filter and parses the target", () => {
    const result = parse({
      actor: " Admin@Demo.local ",
      action: "warehouse.update",
      target: "warehouse:12",
      from: "2024-02-01",
      to: "2024-02-29",
      outcome: "denied",
      page: "3",
      limit: "100",
    });
    expect(result.data).toEqual({
      actor: "admin@demo.local",
      action: "warehouse.update",
      target: "warehouse:12",
      targetType: "warehouse",
      targetId: "12",
      from: "2024-02-01",
      to: "2024-02-29",
      outcome: "denied",
      page: 3,
      limit: 100,
    });
  });

  it("treats empty values as absent", () => {
    expect(parse({ actor: "", action: "", target: " ", from: "", to: "", outcome: "", page: "", limit: "" }).data).toEqual({ page: 1, limit: 25 });
  });

  it.each([
    [{ limit: "7" }, "limit"],
    [{ limit: "abc" }, "limit"],
    [{ page: "0" }, "page"],
    [{ page: "-1" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ page: "two" }, "page"],
    [{ page: "100001" }, "page"],
    [{ actor: "not-an-email" }, "actor"],
    [{ action: "sign_in" }, "action"],
    [{ action: "Auth.Sign_In" }, "action"],
    [{ action: "auth.sign-in" }, "action"],
    [{ target: "ANK01\u0000" }, "target"],
    [{ target: "Ankara\nDepo" }, "target"],
    [{ target: "\u007f" }, "target"],
    [{ target: "x".repeat(201) }, "target"],
    [{ target: `warehouse:${"1".repeat(200)}` }, "target"],
    [{ from: "2024-13-01" }, "from"],
    [{ from: "2023-02-29" }, "from"],
    [{ to: "01/02/2024" }, "to"],
    [{ to: "2024-1-1" }, "to"],
    [{ outcome: "ok" }, "outcome"],
  ])("rejects %j naming %s", (raw, path) => {
    expect(errorPaths(raw)).toEqual([path]);
  });

  it("rejects unknown parameters by name", () => {
    expect(errorPaths({ bogus: "1" })).toEqual(["bogus"]);
    expect(parse({ bogus: "1", q: "x" }).error!.issues.map(validationMessage)).toEqual(['Unknown parameter "bogus".', 'Unknown parameter "q".']);
  });

  it("rejects names inherited from Object.prototype as unknown parameters", () => {
    for (const name of ["constructor", "toString", "hasOwnProperty", "valueOf"]) expect(errorPaths({ [name]: "1" })).toEqual([name]);
  });

  it("reports an unknown parameter and a bad value together", () => {
    expect(errorPaths({ bogus: "1", limit: "7" }).sort()).toEqual(["bogus", "limit"]);
  });

  it("requires from <= to", () => {
    expect(errorPaths({ from: "2024-03-02", to: "2024-03-01" })).toEqual(["to"]);
    expect(parse({ from: "2024-03-01", to: "2024-03-01" }).success).toBe(true);
  });

  it("accepts ids with letters, digits and _ . @ -", () => {
    expect(parse({ target: "erp_run:run-2024.05_a@b" }).data).toMatchObject({ targetType: "erp_run", targetId: "run-2024.05_a@b" });
  });
});

describe("parseTarget and isCalendarDate", () => {
  it("splits at the first colon only", () => {
    expect(parseTarget("member:3")).toEqual({ type: "member", id: "3" });
    expect(parseTarget("member:3:4")).toBeNull();
    expect(parseTarget("member")).toBeNull();
  });

  it("knows leap years", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2100-02-29")).toBe(false);
    expect(isCalendarDate("2024-04-31")).toBe(false);
  });
});

describe("parseActivitySearchParams (the page's tolerant reading)", () => {
  it("falls back to defaults for bad values and keeps the good ones", () => {
    expect(
      parseActivitySearchParams({ limit: "7", page: "x", actor: "viewer@demo.local", action: "nope", target: "a\u0000b", outcome: "maybe", bogus: "1" }),
    ).toEqual({ page: 1, limit: 25, actor: "viewer@demo.local" });
  });

  it("takes the first of repeated values and ignores null", () => {
    expect(parseActivitySearchParams({ page: ["2", "3"], limit: null, action: ["auth.sign_in"] })).toEqual({ page: 2, limit: 25, action: "auth.sign_in" });
  });

  it("drops an inverted date range as a whole", () => {
    expect(parseActivitySearchParams({ from: "2024-05-02", to: "2024-05-01" })).toEqual({ page: 1, limit: 25 });
    expect(parseActivitySearchParams({ from: "2024-05-01", to: "bad" })).toEqual({ page: 1, limit: 25, from: "2024-05-01" });
  });

  it("agrees with the API schema on valid input", () => {
    const raw = { actor: "a@b.io", target: "member:3", from: "2024-01-01", outcome: "failure", page: "2", limit: "10" };
    expect(parseActivitySearchParams(raw)).toEqual(parse(raw).data);
  });
});

describe("query strings", () => {
  it("are canonical: fixed order, defaults left out", () => {
    const q = parseActivitySearchParams({ limit: "25", page: "1", outcome: "success", actor: "a@b.io" });
    expect(activitySearchString(q)).toBe("actor=a%40b.io&outcome=success");
    expect(activityApiKey(q)).toBe("/api/activity?actor=a%40b.io&outcome=success");
    expect(activityApiKey(parseActivitySearchParams({}))).toBe("/api/activity");
  });

  it("round-trip through the schema", () => {
    const q = parse({ target: "warehouse:12", from: "2024-01-01", to: "2024-01-31", page: "4", limit: "50" }).data!;
    const again = parse(Object.fromEntries(new URLSearchParams(activitySearchString(q)))).data;
    expect(again).toEqual(q);
  });

  it("leave paging out of the export link", () => {
    const q = parse({ action: "auth.sign_in", page: "4", limit: "50" }).data!;
    expect(activityExportHref(q)).toBe("/api/activity/export?action=auth.sign_in");
    expect(activityExportHref({})).toBe("/api/activity/export");
  });

  it("know when a filter is set", () => {
    expect(hasActivityFilters(parse({ page: "2", limit: "10" }).data!)).toBe(false);
    expect(hasActivityFilters(parse({ outcome: "denied" }).data!)).toBe(true);
  });
});

describe("the list's URL state (what the form writes)", () => {
  it("never sends a target written as typed but malformed; sends a name, code or id as typed", () => {
    expect(activityList.normalize({ target: "ANK\u000001", action: "auth.sign_in" })).toMatchObject({ target: undefined, action: "auth.sign_in", page: 1, limit: 25 });
    expect(activityList.key(activityList.normalize({ target: "x".repeat(201) }))).toBe("/api/activity");
    expect(activityList.normalize({ target: "member:3" }).target).toBe("member:3");
    expect(activityList.normalize({ target: " Ankara Depo " }).target).toBe("Ankara Depo");
    expect(activityList.key(activityList.normalize({ target: "ANK01" }))).toBe("/api/activity?target=ANK01");
  });

  it("drops an inverted range the form wrote", () => {
    expect(activityList.normalize({ from: "2024-05-02", to: "2024-05-01", outcome: "denied" })).toMatchObject({ from: undefined, to: undefined, outcome: "denied" });
  });

  it("splits a type:id target for the store and keeps other text whole, to be matched by name", () => {
    const state = activityList.normalize({});
    expect(activityQuery({ ...state, target: "erp_run:r-1" })).toMatchObject({ targetType: "erp_run", targetId: "r-1" });
    const text = activityQuery({ ...state, target: "nope" });
    expect([text.target, text.targetType, text.targetId]).toEqual(["nope", undefined, undefined]);
    const none = activityQuery(state);
    expect([none.target, none.targetType, none.targetId]).toEqual([undefined, undefined, undefined]);
  });

  it("goes back to the first page when a filter changes, not when it is set again", () => {
    const state = activityList.load({ page: "3", action: "auth.sign_in" });
    expect(activityList.update(state, { actor: "a@b.io" })).toEqual({ actor: "a@b.io", page: null });
    expect(activityList.update(state, { action: "auth.sign_in" })).toEqual({ action: "auth.sign_in" });
    expect(activityList.update(state, { action: undefined })).toEqual({ action: null, page: null });
  });
});
