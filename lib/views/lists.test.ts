import { describe, expect, it } from "vitest";
import { stateViewQuery, viewHref } from "@/lib/views/lists";
import { canonicalViewQuery } from "@/lib/views/query";

// A view's query is read by the list's own schema: what the list would refuse, a view refuses too.

describe("canonicalViewQuery", () => {
  it("keeps a warehouse view's filters, sort, size and hidden columns, without the page or defaults", () => {
    expect(canonicalViewQuery("warehouses", "?status=passive&sort=name.desc&limit=50&page=3&hide=readiness,code")).toEqual({
      ok: true,
      query: "limit=50&status=passive&sort=name.desc&hide=code%2Creadiness",
    });
    expect(canonicalViewQuery("warehouses", "status=all&page=1")).toEqual({ ok: true, query: "" });
  });

  it("keeps an activity view's filters", () => {
    const result = canonicalViewQuery("activity", "outcome=failure&action=view.create&from=2026-01-01");
    expect(result).toEqual({ ok: true, query: "action=view.create&from=2026-01-01&outcome=failure" });
  });

  it("keeps a transfer run view's filters, the old status included, and refuses what the run list refuses", () => {
    expect(canonicalViewQuery("transfers", "to=2026-03-02&result=needs_attention&origin=retry&by=Admin@Demo.local&from=2026-03-01&page=2&status=with_failures")).toEqual({
      ok: true,
      query: "status=with_failures&result=needs_attention&origin=retry&by=admin%40demo.local&from=2026-03-01&to=2026-03-02",
    });
    for (const bad of ["result=failed", "origin=scheduled", "from=2026-03-02&to=2026-03-01", "hide=who", "import=stock"]) {
      expect(canonicalViewQuery("transfers", bad).ok, bad).toBe(false);
    }
    expect(viewHref("transfers", "result=interrupted")).toBe("/erp?result=interrupted");
  });

  it("keeps a failures inbox view's origin filter, and refuses an origin the inbox does not know", () => {
    expect(canonicalViewQuery("erp_failures", "origin=retry&by=Admin@Demo.local")).toEqual({ ok: true, query: "by=admin%40demo.local&origin=retry" });
    expect(canonicalViewQuery("erp_failures", "origin=scheduled").ok).toBe(false);
    expect(viewHref("erp_failures", "origin=by_hand")).toBe("/erp/failures?origin=by_hand");
  });

  it("refuses parameters the list does not know, naming each", () => {
    const result = canonicalViewQuery("warehouses", "status=passive&token=abc&__proto__=1");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.param).sort()).toEqual(["__proto__", "token"]);
    // The activity list has no column toggle: hiding columns is not one of its parameters.
    expect(canonicalViewQuery("activity", "hide=id").ok).toBe(false);
  });

  it("refuses values the list refuses", () => {
    for (const bad of ["status=gone", "limit=7", "sort=secret.asc", "q=%00x", "hide=password", "hide=code,code", "status=active&status=passive"]) {
      expect(canonicalViewQuery("warehouses", bad).ok, bad).toBe(false);
    }
    for (const bad of ["outcome=maybe", "from=2026-02-30", "from=2026-03-02&to=2026-03-01", "actor=not-an-email", "limit=9"]) {
      expect(canonicalViewQuery("activity", bad).ok, bad).toBe(false);
    }
    expect(canonicalViewQuery("warehouses", `q=${"x".repeat(1001)}`).ok).toBe(false);
  });

  it("opens a view on its list's page", () => {
    expect(viewHref("warehouses", "status=passive")).toBe("/warehouses?status=passive");
    expect(viewHref("activity", "")).toBe("/activity?page=1");
  });
});

describe("stateViewQuery", () => {
  it("writes the list's state as a saved view's query would read", async () => {
    const { warehouseList } = await import("@/lib/warehouses/schemas");
    const state = { ...warehouseList.defaults, status: "passive" as const, page: 4, limit: 50 as const };
    const query = stateViewQuery("warehouses", state, ["readiness", "code", "nope"]);
    expect(query).toBe("limit=50&status=passive&hide=code%2Creadiness");
    expect(canonicalViewQuery("warehouses", query)).toEqual({ ok: true, query });
  });
});

describe("audit labels", () => {
  it("names every action the saved-views service writes, in English and Turkish", async () => {
    const { createTranslator } = await import("use-intl/core");
    const { messagesFor } = await import("@/lib/i18n/messages");
    const { actionLabel } = await import("@/lib/activity/labels");
    for (const locale of ["en", "tr"] as const) {
      const t = createTranslator({ locale, messages: messagesFor(locale) as Parameters<typeof createTranslator>[0]["messages"], namespace: "activity" as never });
      for (const action of ["view.create", "view.update", "view.publish", "view.unpublish", "view.delete", "view.default"]) {
        expect(actionLabel(t as never, action), `${locale} ${action}`).not.toBe(action);
      }
    }
  });
});
