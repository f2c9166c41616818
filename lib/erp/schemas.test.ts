import { describe, expect, it } from "vitest";
import { validationMessage } from "@/lib/i18n/validation";
import {
  createTransferBodySchema,
  exportQuerySchema,
  idempotencyKeySchema,
  importList,
  runOrderList,
  runIdParamSchema,
  runOrdersQuerySchema,
  startImportBodySchema,
  transferRunList,
} from "@/lib/erp/schemas";
import { transferRunStatus } from "@/lib/erp/transfers/status";
import { describeReason, type ReasonTranslator } from "@/lib/erp/outcomes/reasons";

const listTransfersQuerySchema = transferRunList.querySchema;
const listImportsQuerySchema = importList.querySchema;
const PARENT = "3f2b8c1e-5d4a-4b7c-9e1f-0a2b3c4d5e6f";
const schema = createTransferBodySchema(5);

function issuesOf(body: unknown): Record<string, string[]> {
  const r = schema.safeParse(body);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join(".") || "_"] ??= []).push(validationMessage(i));
  return out;
}

describe("createTransferBodySchema", () => {
  it("accepts a list of unique digit strings and keeps them as typed", () => {
    expect(schema.parse({ orderIds: ["0042", "3572000"] })).toEqual({ orderIds: ["0042", "3572000"] });
  });

  it("accepts a retry of a run", () => {
    expect(schema.parse({ parentRunId: PARENT.toUpperCase(), retry: "failed" })).toEqual({ parentRunId: PARENT, retry: "failed" });
    expect(schema.parse({ parentRunId: PARENT, retry: "unknown", confirmUnknown: true }).retry).toBe("unknown");
  });

  it("refuses empty, too many, invalid, repeated and numeric ids, naming them", () => {
    expect(issuesOf({ orderIds: [] })).toEqual({ orderIds: ["Give at least one order id."] });
    expect(Object.keys(issuesOf({ orderIds: ["1", "2", "3", "4", "5", "6"] }))).toEqual(["orderIds"]);
    expect(issuesOf({ orderIds: ["1", "abc", "1", "123456789012345678901"] })).toEqual({
      "orderIds.1": ["An order id has digits only."],
      "orderIds.2": ['"1" is given more than once.'],
      "orderIds.3": ["An order id has at most 20 digits."],
    });
    expect(Object.keys(issuesOf({ orderIds: [3572000] }))).toEqual(["orderIds.0"]);
    expect(Object.keys(issuesOf({}))).toEqual(["orderIds"]);
    expect(Object.keys(issuesOf({ orderIds: ["1"], extra: 1 }))).toEqual(["_"]);
  });

  it("summarises after 20 bad ids", () => {
    const big = createTransferBodySchema(100);
    const r = big.safeParse({ orderIds: Array.from({ length: 30 }, (_, i) => `x${i}`) });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toHaveLength(21);
    expect(validationMessage(r.error!.issues.at(-1)!)).toBe("10 more order ids are invalid or repeated.");
  });

  it("requires a parent for a retry and a confirmation for unknown outcomes", () => {
    expect(Object.keys(issuesOf({ retry: "failed" }))).toEqual(["parentRunId"]);
    expect(Object.keys(issuesOf({ parentRunId: PARENT, retry: "unknown" }))).toEqual(["confirmUnknown"]);
    expect(Object.keys(issuesOf({ parentRunId: PARENT, retry: "later" }))).toEqual(["retry"]);
    expect(Object.keys(issuesOf({ orderIds: ["1"], retry: "failed", parentRunId: PARENT }))).toEqual(["retry"]);
    expect(Object.keys(issuesOf({ orderIds: ["1"], parentRunId: PARENT }))).toEqual(["parentRunId"]);
    expect(Object.keys(issuesOf({ parentRunId: "nope", retry: "failed" }))).toEqual(["parentRunId"]);
  });
});

describe("other schemas", () => {
  it("run ids are UUIDs", () => {
    expect(runIdParamSchema.safeParse({ runId: PARENT }).success).toBe(true);
    expect(runIdParamSchema.safeParse({ runId: "123" }).success).toBe(false);
    expect(runIdParamSchema.safeParse({ runId: "../etc" }).success).toBe(false);
  });

  it("idempotency keys", () => {
    expect(idempotencyKeySchema.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(idempotencyKeySchema.safeParse(undefined).success).toBe(false);
    expect(idempotencyKeySchema.safeParse("short").success).toBe(false);
    expect(idempotencyKeySchema.safeParse("has spaces in it").success).toBe(false);
  });

  it("list queries: defaults, bad values and unknown parameters", () => {
    expect(listTransfersQuerySchema.parse({})).toEqual({ status: undefined, by: undefined, page: 1, limit: 10 });
    expect(listTransfersQuerySchema.parse({ status: "with_failures", by: " Operator@Demo.local ", page: "2", limit: "25" })).toEqual({
      status: "with_failures",
      by: "operator@demo.local",
      page: 2,
      limit: 25,
    });
    expect(listTransfersQuerySchema.safeParse({ status: "done" }).success).toBe(false);
    expect(listTransfersQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(listTransfersQuerySchema.safeParse({ sort: "x" }).success).toBe(false);
    for (const name of ["constructor", "toString", "hasOwnProperty", "valueOf"]) {
      expect(listTransfersQuerySchema.safeParse({ [name]: "1" }).success, name).toBe(false);
      expect(listImportsQuerySchema.safeParse({ [name]: "1" }).success, name).toBe(false);
    }
    expect(runOrdersQuerySchema.parse({ outcome: "unknown" })).toEqual({ outcome: "unknown", page: 1, limit: 50 });
    expect(runOrdersQuerySchema.safeParse({ outcome: "failed" }).success).toBe(false);
    expect(listImportsQuerySchema.parse({ kind: "stock" })).toEqual({ kind: "stock", page: 1, limit: 10 });
    expect(listImportsQuerySchema.safeParse({ kind: "orders" }).success).toBe(false);
  });

  it("a page's URL falls back to defaults for bad values", () => {
    expect(transferRunList.load({ status: "nope", page: "-1", by: "operator@demo.local" })).toEqual({
      status: undefined,
      by: "operator@demo.local",
      page: 1,
      limit: 10,
    });
  });

  it("import bodies", () => {
    expect(startImportBodySchema.parse({ kind: "prices" })).toEqual({ kind: "prices" });
    expect(startImportBodySchema.parse({ kind: "stock", confirmRepeat: true })).toEqual({ kind: "stock", confirmRepeat: true });
    expect(startImportBodySchema.safeParse({ kind: "orders" }).success).toBe(false);
    expect(startImportBodySchema.safeParse({ kind: "stock", confirmRepeat: "yes" }).success).toBe(false);
  });
});

describe("the ERP list definitions", () => {
  it("transfer runs: one canonical key per view, defaults left out", () => {
    expect(transferRunList.key(transferRunList.defaults)).toBe("/api/erp/transfers");
    expect(transferRunList.key({ ...transferRunList.defaults, by: "operator@demo.local", status: "with_failures", page: 2, limit: 10 })).toBe(
      "/api/erp/transfers?status=with_failures&by=operator%40demo.local&page=2",
    );
    expect(transferRunList.update({ ...transferRunList.defaults, page: 3 }, { status: "running" })).toEqual({ status: "running", page: null });
  });

  it("a run's orders: the run's path, its own default size", () => {
    const list = runOrderList(PARENT);
    expect(list.key(list.load({ outcome: "unknown", limit: "100", page: "x" }))).toBe(`/api/erp/transfers/${PARENT}?outcome=unknown&limit=100`);
    expect(list.key(list.load({ limit: "50" }))).toBe(`/api/erp/transfers/${PARENT}`);
    expect(runOrdersQuerySchema.safeParse({ outcome: "unknown", sort: "x" }).success).toBe(false);
  });

  it("imports: their own URL keys beside the runs' on /erp, ten a page there, any size from the API", () => {
    const state = importList.load({ import: "stock", ipage: "3", kind: "prices", page: "2", limit: "25" });
    expect(state).toEqual({ kind: "stock", page: 3, limit: 10 });
    expect(importList.key(state)).toBe("/api/erp/imports?kind=stock&page=3");
    expect(importList.urlSearch(state)).toBe("?import=stock&ipage=3");
    expect(importList.normalize({ limit: 50 }).limit).toBe(10);
    expect(importList.querySchema.parse({ limit: "25" })).toEqual({ kind: undefined, page: 1, limit: 25 });
  });

  it("the export query: csv by default, unknown parameters named", () => {
    expect(exportQuerySchema.parse({})).toEqual({ outcome: undefined, format: "csv" });
    expect(exportQuerySchema.parse({ outcome: "not_transferred", format: "txt" })).toEqual({ outcome: "not_transferred", format: "txt" });
    const bad = exportQuerySchema.safeParse({ format: "pdf", page: "1" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["page", "validation.unknownParameter"],
      ["format", "validation.erp.format"],
    ]);
  });
});

describe("transferRunStatus", () => {
  it("says all transferred only when every order is done (transferred or already in the ERP)", () => {
    expect(transferRunStatus("completed", { total: 3, done: 3 })).toBe("all_transferred");
    expect(transferRunStatus("completed", { total: 3, done: 2 })).toBe("with_failures");
    expect(transferRunStatus("completed", { total: 0, done: 0 })).toBe("with_failures");
    expect(transferRunStatus("interrupted", { total: 3, done: 3 })).toBe("interrupted");
    expect(transferRunStatus("running", { total: 3, done: 3 })).toBe("running");
    expect(transferRunStatus("queued", { total: 3, done: 0 })).toBe("running");
  });
});

describe("describeReason", () => {
  const texts: Record<string, string> = {
    "known.notFound": "Order not found",
    "known.alreadyTransferred": "Already transferred",
    "codes.timeout": "No answer in time",
    "codes.rejected": "Refused (HTTP {status})",
  };
  const t = Object.assign((key: string, values?: Record<string, string | number>) => texts[key]!.replace("{status}", String(values?.status ?? "")), {
    has: (key: string) => key in texts,
  }) as ReasonTranslator;

  it("translates known upstream texts and shows others verbatim", () => {
    expect(describeReason(t, { reason: "Sipariş bulunamadı.", reasonCode: null })).toBe("Order not found");
    expect(describeReason(t, { reason: "Sipariş daha önce aktarılmış.", reasonCode: null })).toBe("Already transferred");
    expect(describeReason(t, { reason: "Sipariş iptal edilmiş.", reasonCode: null })).toBe("Sipariş iptal edilmiş.");
    // Through the one catalog: any case, punctuation or language of a known text.
    expect(describeReason(t, { reason: "SİPARİŞ DAHA ÖNCE AKTARILMIŞ", reasonCode: null })).toBe("Already transferred");
    expect(describeReason(t, { reason: "order not found.", reasonCode: null })).toBe("Order not found");
  });

  it("describes the console's codes, with the status and the upstream's message", () => {
    expect(describeReason(t, { reason: null, reasonCode: "timeout" })).toBe("No answer in time");
    expect(describeReason(t, { reason: "Geçersiz istek.", reasonCode: "rejected:422" })).toBe("Refused (HTTP 422): Geçersiz istek.");
    expect(describeReason(t, { reason: null, reasonCode: "brand_new" })).toBe("brand_new");
  });
});
