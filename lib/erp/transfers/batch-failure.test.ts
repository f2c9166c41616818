import { describe, expect, it } from "vitest";
import { batchFailure } from "@/lib/erp/transfers/batch-outcomes";
import { orderMeaning } from "@/lib/erp/outcomes/meanings";
import { describeReason, type ReasonTranslator } from "@/lib/erp/outcomes/reasons";
import { UpstreamError } from "@/lib/upstream/errors";
import { messagesFor } from "@/lib/i18n/messages";
import { registerSecret } from "@/lib/log";

// What a failed transfer call did to its orders: a refusal before any work is failed (worth sending again), anything after the platform may have worked is unknown.

const http = (status: number, mayHaveActed: boolean, upstreamMessage?: string) =>
  new UpstreamError({ kind: "http", operation: "transfer orders", status, mayHaveActed, upstreamMessage, detail: `HTTP ${status}` });
const meaningOf = (error: unknown) => {
  const b = batchFailure(error);
  return { meaning: orderMeaning({ outcome: b.outcome, reason: b.reason, reasonCode: b.reasonCode }), reasonCode: b.reasonCode, reason: b.reason };
};

describe("a failed transfer call's orders", () => {
  it.each([
    ["503 with Retry-After", http(503, false, "Bakım çalışması"), "failed", "unavailable:503", "Bakım çalışması"],
    ["429", http(429, false, "Çok fazla istek."), "failed", "rate_limited:429", "Çok fazla istek."],
    ["connection refused or DNS failure", new UpstreamError({ kind: "network", operation: "t", mayHaveActed: false, detail: "refused" }), "failed", "unreachable", null],
    ["a time-out before the connection was up", new UpstreamError({ kind: "timeout", operation: "t", mayHaveActed: false, detail: "no connection" }), "failed", "timeout", null],
    ["503 without Retry-After", http(503, true, "Bakım"), "unknown", "server_error:503", null],
    ["500", http(500, true, "stack at Store.update"), "unknown", "server_error:500", null],
    ["502", http(502, true), "unknown", "server_error:502", null],
    ["504", http(504, true), "unknown", "server_error:504", null],
    ["a connection cut after sending", new UpstreamError({ kind: "network", operation: "t", mayHaveActed: true, detail: "reset" }), "unknown", "connection_lost", null],
    ["a time-out after sending", new UpstreamError({ kind: "timeout", operation: "t", mayHaveActed: true, detail: "slow" }), "unknown", "timeout", null],
  ])("%s: %s", (_name, error, meaning, reasonCode, reason) => {
    expect(meaningOf(error)).toEqual({ meaning, reasonCode, reason });
  });

  it("passes on the platform's own words redacted and bounded, in the member's language around them", () => {
    const token = "maint/token+9c41e2";
    registerSecret(token);
    const b = batchFailure(http(503, false, `Bakım: ${encodeURIComponent(token)} ${"y".repeat(400)}`));
    expect(b.reason).toMatch(/^Bakım: \[redacted\] y+$/);
    expect(b.reason!.length).toBe(300);
    const messages = messagesFor("tr") as unknown as { erp: { reasons: Record<string, unknown> } };
    const lookup = (key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], messages.erp.reasons);
    const t = Object.assign((key: string, values?: Record<string, string | number>) => String(lookup(key)).replace(/\{(\w+)\}/g, (_m, k: string) => String(values?.[k] ?? "")), {
      has: (key: string) => typeof lookup(key) === "string",
    }) as ReasonTranslator;
    expect(describeReason(t, batchFailure(http(503, false, "Bakım çalışması")))).toBe("Platform kullanılamıyordu ve hiçbir işlem yapmadı (HTTP 503); yeniden göndermek işe yarayabilir: Bakım çalışması");
  });
});
