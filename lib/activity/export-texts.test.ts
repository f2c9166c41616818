import ExcelJS from "exceljs";
import Papa from "papaparse";
import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { ACTIVITY_SHEET, readableRows } from "@/lib/activity/csv";
import { eventTexts, type ActivityNames, type RootTranslator } from "@/lib/activity/readable";
import type { AuditRecord } from "@/lib/activity/schemas";
import { transferSheet } from "@/lib/erp/transfers/csv";
import { LIST_SEPARATOR } from "@/lib/export/csv";
import { exportResponse, inOneChunk } from "@/lib/export/response";
import type { ExportContext } from "@/lib/export/sheet";
import type { Locale } from "@/lib/i18n/config";
import { formatDateTime } from "@/lib/i18n/datetime";
import { messagesFor } from "@/lib/i18n/messages";
import { CSV_BOM } from "@/lib/rules/csv";

// Every activity export row reads as the page reads it: the same sentence, names, action and result, in both languages.

const TEMPLATE = /\{[A-Za-z_]+(\}|,\s*(select|plural|number))/;
const CATALOG_KEY = /^[a-z_]+(\.[a-z_]+)+$/;
const RUN = "7d0c1c9e-1111-4222-8333-444455556666";
const NAMES: ActivityNames = {
  actors: { "admin@demo.local": "Ayşe Admin" },
  targets: {
    "warehouse:9": { name: "Ankara Depo", code: "ANK01" },
    [`erp_transfer_run:${RUN}`]: { name: null, orders: 12, at: "2026-11-26T08:15:00.000Z" },
    "member:3": { name: "Veli Viewer" },
    "api_key:k1": { name: "ERP sync" },
    "schedule:s1": { name: null, kind: "transfer" },
    "saved_view:v1": { name: "Bugünün hataları" },
    "alert_channel:c1": { name: "Ops e-posta" },
  },
};
const TARGETS: Record<string, [string, string]> = {
  auth: ["member", "3"],
  member: ["member", "3"],
  warehouse: ["warehouse", "9"],
  erp: [`erp_transfer_run`, RUN],
  schedule: ["schedule", "s1"],
  alert_channel: ["alert_channel", "c1"],
  view: ["saved_view", "v1"],
  alert_freshness: ["alert_freshness_rule", "products"],
  alert_arrivals: ["alert_arrival_rule", "orders"],
  apikey: ["api_key", "k1"],
};

const event = (id: number, over: Partial<AuditRecord>): AuditRecord => ({
  id,
  at: "2026-11-26T09:00:00.000Z",
  actorId: 1,
  actorEmail: "admin@demo.local",
  action: "warehouse.create",
  targetType: null,
  targetId: null,
  outcome: "success",
  message: "Warehouse code is taken",
  before: null,
  after: { name: "Ankara Depo" },
  details: null,
  requestId: "req-1",
  ip: "127.0.0.1",
  ...over,
});

/** One event for each action the catalog names, each outcome, and each way a run's end reads. */
function events(): AuditRecord[] {
  const catalog = messagesFor("en") as { activity: { messages: Record<string, unknown> } };
  const out: AuditRecord[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === "object" && node !== null && !("other" in node)) return Object.entries(node).forEach(([k, v]) => walk(v, [...path, k]));
    if (path.length < 2) return;
    const [targetType, targetId] = TARGETS[path[0]!]!;
    const variants = typeof node === "object" && node !== null ? Object.keys(node) : ["other"];
    for (const outcome of ["success", "failure", "denied"] as const)
      for (const variant of variants) out.push(event(out.length + 1, { action: path.join("."), targetType, targetId, outcome, details: { kind: "products", orders: 3, event: variant, reason: variant } }));
  };
  walk(catalog.activity.messages, []);
  const meanings = { transferred: 7, alreadyInErp: 1, rejected: 4, failed: 0, unknown: 0, notSent: 0, sending: 0 };
  for (const [result, outcome] of [["complete", "success"], ["complete_with_rejections", "failure"], ["complete_with_rejections", "success"], ["needs_attention", "failure"]] as const)
    out.push(event(out.length + 1, { action: "erp.transfer", targetType: "erp_transfer_run", targetId: RUN, outcome, details: { event: "completed", result, meanings, counts: { total: 12 } } }));
  for (const meaning of ["rejected", "failed", "unknown", "not_sent"])
    out.push(event(out.length + 1, { action: "erp.resolve", targetType: "erp_failures", targetId: meaning, details: { resolved: 2 } }));
  return out;
}

const TZ = "Europe/Istanbul";
const ctx = (locale: Locale, timeZone = TZ): ExportContext => ({ locale, timeZone, now: new Date("2026-11-26T10:00:00Z") });

/** What the activity table shows for a row: its translator holds the catalogs as the page's provider does. */
function pageRows(items: AuditRecord[], locale: Locale) {
  const t = createTranslator({ locale, messages: messagesFor(locale) as AbstractIntlMessages, timeZone: TZ }) as unknown as RootTranslator;
  return items.map((e) => eventTexts({ t, when: (iso) => formatDateTime(iso, locale, TZ) }, e, NAMES));
}

async function exported(format: "csv" | "xlsx", locale: Locale, items: AuditRecord[], timeZone = TZ): Promise<string[][]> {
  const res = await exportResponse(ctx(locale, timeZone), { sheet: ACTIVITY_SHEET as never, format, member: 1, maxRows: 1000 }, inOneChunk(readableRows(items, NAMES, locale, TZ) as never[]));
  const body = Buffer.from(await res.arrayBuffer());
  if (format === "csv") return Papa.parse<string[]>(body.toString("utf8").slice(CSV_BOM.length), { delimiter: LIST_SEPARATOR[locale], skipEmptyLines: true }).data;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as never);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => rows.push(ACTIVITY_SHEET.columns.map((_, i) => row.getCell(i + 1).text)));
  return rows;
}

const column = (key: string) => ACTIVITY_SHEET.columns.findIndex((c) => c.key === key);
const unreadable = (cell: string) => TEMPLATE.test(cell) || CATALOG_KEY.test(cell.trim());

describe.each(["en", "tr"] as Locale[])("the activity export in %s", (locale) => {
  const items = events();
  const page = pageRows(items, locale);

  it("the page itself reads every event in words", () => {
    for (const row of page) for (const cell of Object.values(row)) expect([cell, unreadable(cell)]).toEqual([cell, false]);
  });

  it.each(["csv", "xlsx"] as const)("%s: every row has the page's sentence, names, action and result, and no template or key", async (format) => {
    const [, ...rows] = await exported(format, locale, items);
    expect(rows).toHaveLength(items.length);
    rows.forEach((row, i) => {
      const want = page[i]!;
      expect({ id: items[i]!.id, actor: row[column("actor")], action: row[column("action")], target: row[column("target")], outcome: row[column("outcome")], message: row[column("message")] }).toEqual({
        id: items[i]!.id,
        ...{ actor: want.actor, action: want.action, target: want.target, outcome: want.outcome, message: want.message },
      });
      for (const cell of row) expect([items[i]!.action, cell, unreadable(cell)]).toEqual([items[i]!.action, cell, false]);
    });
  });

  it("a run complete with rejections reads as done, not as a failure that needs attention", () => {
    const rejections = items.filter((e) => (e.details as { result?: string } | null)?.result === "complete_with_rejections");
    for (const row of pageRows(rejections, locale)) {
      expect(row.outcome).toBe(pageRows([event(1, { action: "auth.sign_in" })], locale)[0]!.outcome);
      expect(row.message).not.toBe(pageRows([event(1, { ...rejections[0]!, details: { event: "completed", result: "needs_attention", counts: { total: 12 } }, outcome: "failure" })], locale)[0]!.message);
      expect(row.message).toContain("4");
    }
  });

  it("a resolve names the failed orders' meaning in the reader's language", () => {
    const t = messagesFor(locale) as { erp: { meanings: Record<string, string> } };
    const resolves = items.filter((e) => e.targetType === "erp_failures");
    pageRows(resolves, locale).forEach((row, i) => expect(row.target).toContain(t.erp.meanings[resolves[i]!.targetId!]));
  });
});

describe("the activity export's time column", () => {
  const headers = { en: ["Time (GMT+3)", "Time (Central European Time)"], tr: ["Zaman (GMT+3)", "Zaman (Orta Avrupa Saati)"] };
  it.each(["csv", "xlsx"] as const)("%s: names the account's zone in the reader's language, by name where summer time moves it", async (format) => {
    for (const locale of ["en", "tr"] as Locale[]) {
      const [ist, ber] = await Promise.all(["Europe/Istanbul", "Europe/Berlin"].map(async (zone) => (await exported(format, locale, [event(1, {})], zone))[0]![column("at")]));
      expect([ist, ber]).toEqual(headers[locale]);
    }
  });
});

describe("a run's orders export", () => {
  it.each(["en", "tr"] as Locale[])("%s: outcome and meaning in words", async (locale) => {
    const sheet = transferSheet(() => "");
    const rows = [{ position: 1, orderId: "0042", batch: 1, outcome: "not_transferred" as const, reason: null, reasonCode: null, meaning: "rejected" as const }];
    const res = await exportResponse(ctx(locale), { sheet: sheet as never, format: "csv", member: 1, maxRows: 10 }, inOneChunk(rows as never[]));
    const [, row] = Papa.parse<string[]>((await res.text()).slice(CSV_BOM.length), { delimiter: LIST_SEPARATOR[locale], skipEmptyLines: true }).data;
    const erp = (messagesFor(locale) as { erp: { outcomes: Record<string, string>; meanings: Record<string, string> } }).erp;
    expect(row).toEqual(["1", "0042", "1", erp.outcomes.not_transferred, "", "", "", erp.meanings.rejected, "", "", ""]);
  });
});
