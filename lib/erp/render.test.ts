import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { describe, expect, it, vi } from "vitest";
import { messagesFor } from "@/lib/i18n/messages";
import type { ImportRunRow, TransferRunDetail } from "@/lib/erp/schemas";
import { BREAKER_STOPPER } from "@/lib/hold/constants";

// The ERP components render in both languages with no missing or malformed message, from the
// data shapes the API answers (a smoke test; the behaviour is covered by e2e/erp.spec.ts).

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined }), usePathname: () => "/erp" }));

const { TransferForm } = await import("@/components/erp/transfer-form");
const { TransferHistory } = await import("@/components/erp/transfer-history");
const { ImportsPanel } = await import("@/components/erp/imports-panel");
const { RunView } = await import("@/components/erp/run-view");
const { SwrFallback } = await import("@/components/erp/swr-fallback");
const { OrderHistoryTable } = await import("@/components/erp/order-history");

const at = new Date().toISOString();
const RUN: TransferRunDetail = {
  id: "3f2b8c1e-5d4a-4b7c-9e1f-0a2b3c4d5e6f",
  createdAt: at,
  createdBy: { id: 2, email: "operator@demo.local", name: "Onur Operator" },
  parentRunId: null,
  origin: "new",
  state: "running",
  status: "running",
  batchSize: 100,
  totalBatches: 3,
  batchesDone: 1,
  result: "running",
  counts: { total: 250, transferred: 90, notTransferred: 10, unknown: 0, pending: 50, sending: 100 },
  meanings: { transferred: 90, alreadyInErp: 4, rejected: 3, failed: 3, unknown: 0, notSent: 50, sending: 100 },
  startedAt: at,
  finishedAt: null,
  durationMs: 65_000,
  stop: null,
  parent: null,
  children: [],
  retryable: { failed: 3, unsent: 50, unknown: 0, rejected: 3 },
  rejections: [{ reason: "Sipariş bulunamadı.", reasonCode: null, count: 3 }],
};
const INTERRUPTED: TransferRunDetail = {
  ...RUN,
  state: "interrupted",
  status: "interrupted",
  result: "interrupted",
  origin: "retry_failed",
  parentRunId: RUN.id,
  counts: { ...RUN.counts, unknown: 100, sending: 0 },
  meanings: { ...RUN.meanings, unknown: 100, sending: 0 },
  parent: { id: RUN.id, createdAt: at, status: "with_failures" },
  children: [{ id: RUN.id, createdAt: at, origin: "resend_unknown", status: "running", result: "running" }],
};
const STOPPED: TransferRunDetail = { ...RUN, state: "completed", status: "with_failures", result: "needs_attention", stop: { requestedAt: at, by: "Onur Operator" } };
const FAILED_IMPORT: ImportRunRow = {
  id: 1,
  kind: "products",
  startedAt: at,
  startedBy: { id: 2, email: "operator@demo.local", name: "Onur Operator" },
  outcome: "failed",
  message: null,
  errorCode: "http_503",
  errorDetail: "start products import: HTTP 503",
  mayHaveActed: true,
  repeatConfirmed: true,
  finishedAt: at,
};

function render(locale: "en" | "tr", el: ReactNode, fallback: Record<string, unknown> = {}) {
  const errors: unknown[] = [];
  const html = renderToString(
    h(NextIntlClientProvider, {
      locale,
      messages: messagesFor(locale),
      timeZone: "Europe/Istanbul",
      onError: (e: unknown) => void errors.push(e),
      children: h(NuqsTestingAdapter, { searchParams: "", children: h(SwrFallback, { fallback, children: el }) }),
    }),
  );
  return { html, errors };
}

describe.each(["en", "tr"] as const)("ERP components in %s", (locale) => {
  it("the transfer form, for a person who may not start runs", () => {
    const { html, errors } = render(locale, h(TransferForm, { canRun: false, disabledReason: "REASON", maxOrders: 10_000, batchSize: 100, hold: { held: false, reason: null, since: null, until: null, by: null, breaker: "closed", person: null, breakerDetail: null } }));
    expect(errors).toEqual([]);
    expect(html).toContain("REASON");
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });

  it("the history, the imports and a run (running and interrupted)", () => {
    const outputs = [
      render(locale, h(TransferHistory), { "/api/erp/transfers": { items: [RUN], total: 1, page: 1, limit: 10, people: ["operator@demo.local"] } }),
      render(locale, h(ImportsPanel, { canRun: true, disabledReason: null }), {
        "/api/erp/imports": {
          items: [FAILED_IMPORT],
          total: 1,
          page: 1,
          limit: 10,
          latest: { products: FAILED_IMPORT, prices: { ...FAILED_IMPORT, kind: "prices", outcome: "started", message: "Fiyat içe aktarma işlemi başlatıldı." }, stock: null },
          windowMinutes: 15,
        },
      }),
      render(locale, h(RunView, { runId: RUN.id, canRun: true, disabledReason: null, exportMaxRows: 100_000 }), {
        [`/api/erp/transfers/${RUN.id}`]: {
          run: RUN,
          orders: {
            items: [
              { position: 1, orderId: "0042", batch: 1, outcome: "not_transferred", reason: "Sipariş bulunamadı.", reasonCode: null, meaning: "rejected" },
              { position: 2, orderId: "3572000", batch: 1, outcome: "unknown", reason: null, reasonCode: "server_error:502", meaning: "unknown" },
            ],
            total: 2,
            page: 1,
            limit: 50,
            outcome: null,
          },
        },
      }),
      render(locale, h(RunView, { runId: RUN.id, canRun: true, disabledReason: null, exportMaxRows: 100_000 }), {
        [`/api/erp/transfers/${RUN.id}`]: { run: INTERRUPTED, orders: { items: [], total: 0, page: 1, limit: 50, outcome: null } },
      }),
      render(locale, h(RunView, { runId: RUN.id, canRun: true, disabledReason: null, exportMaxRows: 100_000 }), {
        [`/api/erp/transfers/${RUN.id}`]: { run: STOPPED, orders: { items: [], total: 0, page: 1, limit: 50, outcome: null } },
      }),
    ];
    for (const { errors } of outputs) expect(errors).toEqual([]);
    const run = outputs[2]!.html;
    expect(run).toContain("0042");
    expect(run).toContain(locale === "en" ? "Order not found" : "Sipariş bulunamadı");
    expect(run).toContain('role="progressbar"');
    expect(run).toContain('data-testid="run-watch"');
    expect(run).toContain('data-testid="run-stop"');
    expect(outputs[4]!.html).toContain('data-testid="run-stopped-note"');
    expect(outputs[4]!.html).toContain(locale === "en" ? "Send the not-yet-sent orders (50)" : "Henüz gönderilmemiş siparişleri gönder (50)");
    expect(outputs[4]!.html).toContain(locale === "en" ? "Stopped by Onur Operator" : "Onur Operator tarafından");
  });

  it("an order's history shows why it failed or is unknown, not a dash", () => {
    const row = { runCreatedAt: at, origin: "new", runState: "completed", startedBy: { email: "o@demo.local", name: "Onur Operator" }, position: 1, reason: null, settledAt: at, retriedIn: null, resolution: null };
    const { html, errors } = render(
      locale,
      h(OrderHistoryTable, {
        history: {
          orderId: "3572000",
          runs: [
            { ...row, runId: "a", meaning: "unknown", reasonCode: "server_error:502" },
            { ...row, runId: "b", meaning: "failed", reasonCode: "unavailable:503", reason: "Bakım çalışması" },
          ],
        },
      } as never),
    );
    expect(errors).toEqual([]);
    expect(html).toContain(locale === "en" ? "The platform failed (HTTP 502)" : "Platform hata verdi (HTTP 502)");
    expect(html).toContain(locale === "en" ? "The platform was unavailable and did nothing (HTTP 503); sending again may help: Bakım çalışması" : "(HTTP 503); yeniden göndermek işe yarayabilir: Bakım çalışması");
  });

  it("a run's page as issue 35 asked: stop near the top, empty bars empty, waiting while running, a stop's headline and reasons, failed ids without those in the ERP", () => {
    const en = locale === "en";
    const page = (run: TransferRunDetail, items: unknown[] = []) =>
      render(locale, h(RunView, { runId: RUN.id, canRun: true, disabledReason: null, exportMaxRows: 100_000 }), {
        [`/api/erp/transfers/${RUN.id}`]: { run, orders: { items, total: items.length, page: 1, limit: 50, outcome: null } },
      });
    const fresh = page(
      { ...RUN, batchesDone: 0, counts: { ...RUN.counts, transferred: 0, notTransferred: 0, pending: 250, sending: 0 }, meanings: { ...RUN.meanings, transferred: 0, alreadyInErp: 0, rejected: 0, failed: 0, notSent: 250, sending: 0 } },
      [{ position: 1, orderId: "3572000", batch: 1, outcome: "pending", reason: null, reasonCode: null, meaning: "not_sent" }],
    );
    expect(fresh.errors).toEqual([]);
    const html = fresh.html;
    expect(html.indexOf('data-testid="run-stop"')).toBeGreaterThan(-1);
    expect(html.indexOf('data-testid="run-stop"')).toBeLessThan(html.indexOf('data-testid="count-total"'));
    expect(html).toMatch(/data-testid="run-watch-bar-fill"[^>]*width:0\.00%|width:0\.00%[^>]*data-testid="run-watch-bar-fill"/);
    expect(html).toContain(`<dt class="text-xs text-slate-600 dark:text-slate-300">${en ? "Waiting" : "Bekliyor"}</dt>`);
    expect(html).not.toContain(`<dt class="text-xs text-slate-600 dark:text-slate-300">${en ? "Not sent" : "Gönderilmedi"}</dt>`);
    expect(html.split(en ? ">Waiting<" : ">Bekliyor<").length - 1).toBe(2);
    expect(html).toContain('href="/erp/orders/3572000#what-happened"');

    const stopped = page({ ...STOPPED, counts: { ...RUN.counts, transferred: 200, notTransferred: 0, pending: 50, sending: 0 }, meanings: { ...RUN.meanings, transferred: 200, alreadyInErp: 0, rejected: 0, failed: 0, notSent: 50, sending: 0 } }, [
      { position: 250, orderId: "3572249", batch: 3, outcome: "pending", reason: null, reasonCode: "stopped", meaning: "not_sent" },
    ]);
    expect(stopped.errors).toEqual([]);
    expect(stopped.html).toContain(en ? "Stopped by Onur Operator: 200 sent, 50 not sent (can be sent again)." : "Onur Operator tarafından durduruldu: 200 gönderildi, 50 gönderilmedi (yeniden gönderilebilir).");
    expect(stopped.html).toContain(en ? "Not sent: the run was stopped by Onur Operator at " : "Gönderilmedi: çalıştırma ");
    expect(stopped.html).not.toContain(en ? "The platform gave no reason" : "Platform bir neden belirtmedi");
    const byBreaker = page({ ...STOPPED, stop: { requestedAt: at, by: BREAKER_STOPPER }, counts: { ...RUN.counts, transferred: 200, notTransferred: 0, pending: 50, sending: 0 }, meanings: { ...RUN.meanings, transferred: 200, alreadyInErp: 0, rejected: 0, failed: 0, notSent: 50, sending: 0 } }, [
      { position: 250, orderId: "3572249", batch: 3, outcome: "pending", reason: null, reasonCode: "stopped", meaning: "not_sent" },
    ]);
    expect(byBreaker.errors).toEqual([]);
    expect(byBreaker.html).toContain(en ? "Stopped by the automatic breaker: 200 sent, 50 not sent" : "Otomatik devre kesici tarafından durduruldu: 200 gönderildi");
    expect(byBreaker.html).toMatch(en ? /Stopped by the automatic breaker at \d/ : /Otomatik devre kesici tarafından \d/);
    expect(byBreaker.html).toContain(en ? "Not sent: the run was stopped by the automatic breaker at " : "tarihinde otomatik devre kesici tarafından durduruldu");
    expect(byBreaker.html).not.toContain(BREAKER_STOPPER);

    const done = page({ ...RUN, state: "completed", status: "with_failures", result: "needs_attention" });
    expect(done.html).toContain(en ? "Copy failed ids (6)" : "(6)");
    expect(done.html).toMatch(/data-testid="run-copy-failed"/);
  });
});
