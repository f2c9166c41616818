import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import { formatDateTime } from "@/lib/i18n/datetime";
import type { OrderHistoryEntry } from "@/lib/erp/history/schemas";
import { buildStory, storyLines, storyMessage, type StoryTexts } from "@/lib/erp/history/story";

// An order's story reads across runs, resolutions and the queue in time order, with names, in the member's language and zone.

const entry = (over: Partial<OrderHistoryEntry>): OrderHistoryEntry => ({
  runId: "r1",
  runCreatedAt: "2026-11-20T09:00:00.000Z",
  origin: "new",
  runState: "completed",
  startedBy: { email: "operator@demo.local", name: "Onur Operator" },
  position: 1,
  meaning: "transferred",
  reason: null,
  reasonCode: null,
  settledAt: null,
  retriedIn: null,
  resolution: null,
  ...over,
});

const HISTORY = {
  orderId: "3572000",
  channel: null,
  runs: [
    entry({ runId: "r3", runCreatedAt: "2026-11-21T08:00:00.000Z", origin: "retry_failed", meaning: "transferred" }),
    entry({
      runId: "r2",
      runCreatedAt: "2026-11-20T10:00:00.000Z",
      meaning: "unknown",
      reasonCode: "server_error:502",
      resolution: { at: "2026-11-20T12:30:00.000Z", by: { email: "ada@demo.local", name: "Ada Admin" }, note: "Checked in the ERP: not there" },
    }),
    entry({ runId: "r1", meaning: "not_sent", reasonCode: "stopped", startedBy: { email: "operator@demo.local", name: "" } }),
  ],
};

function texts(locale: "en" | "tr"): StoryTexts {
  const messages = messagesFor(locale);
  const t = createTranslator({ locale, messages, namespace: "erpOrders.story" });
  const reasons = createTranslator({ locale, messages, namespace: "erp.reasons" });
  const origin = createTranslator({ locale, messages, namespace: "erp.history.origin" });
  return { t: t as never, reasons: reasons as never, origin: (o) => origin(o as never), time: (iso) => formatDateTime(iso, locale, "Europe/Istanbul") };
}

const story = buildStory({
  history: HISTORY,
  stops: new Map([["r1", { by: "Sena Supervisor", at: "2026-11-20T09:05:00.000Z" }]]),
  queued: { at: "2026-11-22T07:00:00.000Z", by: "Onur Operator" },
  unqueued: [{ at: "2026-11-19T15:00:00.000Z", by: "Ada Admin" }],
});

describe("an order's story", () => {
  it("puts runs, resolutions and queue entries in time order", () => {
    expect(story.events.map((e) => [e.kind, e.at])).toEqual([
      ["unqueued", "2026-11-19T15:00:00.000Z"],
      ["run", "2026-11-20T09:00:00.000Z"],
      ["run", "2026-11-20T10:00:00.000Z"],
      ["resolved", "2026-11-20T12:30:00.000Z"],
      ["run", "2026-11-21T08:00:00.000Z"],
      ["queued", "2026-11-22T07:00:00.000Z"],
    ]);
  });

  it("reads in English with names, reasons and the account zone's times", () => {
    expect(storyLines(story, texts("en"))).toEqual([
      "19 Nov 2026, 18:00 GMT+3: Ada Admin took the order out of the order queue.",
      "20 Nov 2026, 12:00 GMT+3: operator@demo.local started a transfer to the ERP (New run). Not sent: the run was stopped by Sena Supervisor at 20 Nov 2026, 12:05 GMT+3.",
      "20 Nov 2026, 13:00 GMT+3: Onur Operator started a transfer to the ERP (New run). Whether the platform transferred it is not known: The platform failed (HTTP 502). Check the ERP before sending it again.",
      "20 Nov 2026, 15:30 GMT+3: Ada Admin marked it resolved: “Checked in the ERP: not there”",
      "21 Nov 2026, 11:00 GMT+3: Onur Operator started a transfer to the ERP (Retry of failed orders). The order was transferred.",
      "22 Nov 2026, 10:00 GMT+3: Onur Operator put the order in the order queue; it waits for the next send.",
    ]);
  });

  it("reads in Turkish, and copies as one plain-text message", () => {
    const message = storyMessage(story, texts("tr"));
    const lines = message.split("\n");
    expect(lines[0]).toBe("3572000 numaralı sipariş: ne oldu");
    expect(lines).toHaveLength(7);
    expect(lines[2]).toBe(
      "- 20 Kas 2026 12:00 GMT+3: operator@demo.local ERP'ye bir aktarım başlattı (Yeni çalıştırma). Gönderilmedi: çalıştırma 20 Kas 2026 12:05 GMT+3 tarihinde Sena Supervisor tarafından durduruldu.",
    );
    expect(message).not.toMatch(/[<>{}]/);
    expect(storyMessage({ orderId: "1", events: [] }, texts("en"))).toBe("Order 1: what happened\nNothing has happened to this order in the console yet.");
  });
});
