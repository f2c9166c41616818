import { describe, expect, it } from "vitest";
import { sample } from "@/test/metrics-text";
import { countAlertDelivery, countImportStart, countTransferRun, observeUpstreamCall, scrape, tokenMatches } from "@/lib/metrics";

// The process's one registry: values are read as deltas, since other tests in the worker may count too.

const NONE = { queue: { count: 0, oldest: null }, failuresOpen: {} };
const text = () => scrape(async () => NONE);

describe("metrics", () => {
  it("counts an ended run once and its orders by meaning, leaving meanings with none untouched", async () => {
    const before = await text();
    countTransferRun({ result: "complete_with_rejections", origin: "queue", meanings: { transferred: 3, rejected: 1, failed: 0 } });
    const after = await text();
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta("labs_console_transfer_runs_total", { result: "complete_with_rejections", origin: "queue" })).toBe(1);
    expect(delta("labs_console_transfer_orders_total", { meaning: "transferred", origin: "queue" })).toBe(3);
    expect(delta("labs_console_transfer_orders_total", { meaning: "rejected", origin: "queue" })).toBe(1);
    expect(after).not.toContain('labs_console_transfer_orders_total{meaning="failed",origin="queue"}');
  });

  it("observes upstream calls in seconds by operation and outcome, and counts import starts and alert attempts", async () => {
    const before = await text();
    observeUpstreamCall({ operation: "transfer orders", ms: 300 });
    observeUpstreamCall({ operation: "transfer orders", ms: 4000, error: "timeout" });
    countImportStart("stock", "failed");
    countAlertDelivery("slack", "retrying");
    const after = await text();
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta("labs_console_upstream_request_duration_seconds_bucket", { le: "0.5", operation: "transfer orders", outcome: "ok" })).toBe(1);
    expect(delta("labs_console_upstream_request_duration_seconds_sum", { operation: "transfer orders", outcome: "timeout" })).toBeCloseTo(4);
    expect(delta("labs_console_import_starts_total", { kind: "stock", outcome: "failed" })).toBe(1);
    expect(delta("labs_console_alert_deliveries_total", { channel_type: "slack", outcome: "retrying" })).toBe(1);
  });

  it("sets the gauges from the figures read at scrape time", async () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    const body = await scrape(async () => ({ queue: { count: 7, oldest: new Date(now - 45_000) }, failuresOpen: { failed: 2, unknown: 0 } }), now);
    expect(sample(body, "labs_console_order_queue_orders")).toBe(7);
    expect(sample(body, "labs_console_order_queue_oldest_age_seconds")).toBe(45);
    expect(sample(body, "labs_console_failures_open", { meaning: "failed" })).toBe(2);
    expect(sample(await scrape(async () => NONE, now), "labs_console_order_queue_oldest_age_seconds")).toBe(0);
  });

  it("matches the token exactly, whatever the length given", () => {
    expect(tokenMatches("s3cret-token-0123456789", "s3cret-token-0123456789")).toBe(true);
    for (const given of [null, "", "s3cret-token-012345678", "s3cret-token-01234567890", "S3cret-token-0123456789"]) expect(tokenMatches(given, "s3cret-token-0123456789")).toBe(false);
  });
});
