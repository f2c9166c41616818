import { describe, expect, it } from "vitest";
import { isUnrecognised, normaliseReason, orderMeaning, raisesAttention, REASON_CODES, reasonMeaning, runResult, type MeaningCounts } from "@/lib/erp/outcomes/meanings";

// The one catalog from what the platform and the console say to what happened to an order, and the run's result.

const NONE: MeaningCounts = { transferred: 0, alreadyInErp: 0, rejected: 0, failed: 0, unknown: 0, notSent: 0, sending: 0 };
const refused = (reason: string | null, reasonCode: string | null = null) => orderMeaning({ outcome: "not_transferred", reason, reasonCode });

describe("the platform's reason texts", () => {
  it.each([
    "Sipariş daha önce aktarılmış.",
    "Sipariş daha önce aktarılmış",
    "SİPARİŞ DAHA ÖNCE AKTARILMIŞ.",
    "sipariş daha önce aktarılmış!",
    "  Sipariş  daha önce aktarılmış .  ",
    "Siparis daha once aktarilmis",
    "SIPARIS DAHA ONCE AKTARILMIS",
    "Sipariş zaten aktarılmış.",
    "Order already transferred",
    "ORDER ALREADY TRANSFERRED.",
    "order was already transferred",
    "Already transferred",
    "already-transferred",
  ])("%j is already in the ERP (done)", (text) => {
    expect(reasonMeaning(text)).toEqual({ meaning: "already_in_erp", known: "alreadyTransferred" });
    expect(refused(text)).toBe("already_in_erp");
    expect(isUnrecognised({ outcome: "not_transferred", reason: text, reasonCode: null })).toBe(false);
  });

  it.each(["Sipariş bulunamadı.", "SİPARİŞ BULUNAMADI", "sipariş bulunamadı", "Siparis bulunamadi.", "Order not found", "ORDER NOT FOUND.", "order was not found", " Not found! "])(
    "%j is rejected, a known reason",
    (text) => {
      expect(reasonMeaning(text)).toEqual({ meaning: "rejected", known: "notFound" });
      expect(refused(text)).toBe("rejected");
      expect(isUnrecognised({ outcome: "not_transferred", reason: text, reasonCode: null })).toBe(false);
    },
  );

  it.each(["Stok yetersiz.", "Order not transferred", "Sipariş aktarılmış değil", "Sipariş daha önce aktarılmış ama iptal edildi", "transferred", "", "   ", "..."])(
    "%j is rejected and unrecognised, never done",
    (text) => {
      expect(reasonMeaning(text)).toEqual({ meaning: "rejected", known: null });
      expect(refused(text)).toBe("rejected");
      expect(isUnrecognised({ outcome: "not_transferred", reason: text, reasonCode: null })).toBe(true);
    },
  );

  it("folds Turkish dotted and dotless i both ways, and only case, marks and punctuation", () => {
    expect(normaliseReason("İSTANBUL ılık Işık")).toBe("istanbul ilik isik");
    expect(normaliseReason("  Ç,Ğ;Ö:Ş-Ü  ")).toBe("c g o s u");
    expect(normaliseReason("Sipariş 3572000")).toBe("siparis 3572000");
  });
});

describe("the console's reason codes", () => {
  it.each([
    ["timeout", "failed"],
    ["connection_lost", "failed"],
    ["unreachable", "failed"],
    ["invalid_response", "failed"],
    ["server_error:503", "failed"],
    ["server_error:500", "failed"],
    ["unavailable:503", "failed"],
    ["auth:401", "failed"],
    ["auth:403", "failed"],
    ["rate_limited:429", "failed"],
    ["console_error", "failed"],
    ["rejected:422", "rejected"],
    ["rejected:400", "rejected"],
    ["no_reason", "rejected"],
    ["a_code_from_later", "failed"],
  ])("a not-transferred order with %s is %s", (code, meaning) => {
    expect(refused(null, code)).toBe(meaning);
  });

  it("a whole batch refused with 422 stays rejected whatever its text says", () => {
    expect(refused("Sipariş daha önce aktarılmış.", "rejected:422")).toBe("rejected");
  });

  it("every code the runner writes has a meaning for both outcomes it can come with", () => {
    for (const code of REASON_CODES) {
      expect(["failed", "rejected", "already_in_erp"]).toContain(refused(null, code));
      expect(orderMeaning({ outcome: "unknown", reason: null, reasonCode: code })).toBe("unknown");
    }
  });

  it("reads the outcomes that need no reason", () => {
    expect(orderMeaning({ outcome: "transferred", reason: null, reasonCode: null })).toBe("transferred");
    expect(orderMeaning({ outcome: "pending", reason: null, reasonCode: null })).toBe("not_sent");
    expect(orderMeaning({ outcome: "sending", reason: null, reasonCode: null })).toBe("sending");
    expect(orderMeaning({ outcome: "unknown", reason: "Sipariş daha önce aktarılmış.", reasonCode: null })).toBe("unknown");
    expect(refused(null)).toBe("rejected");
  });
});

describe("a run's result", () => {
  it.each([
    [{ transferred: 3 }, "complete"],
    [{ transferred: 289, alreadyInErp: 11 }, "complete"],
    [{ alreadyInErp: 5 }, "complete"],
    [{ transferred: 2, alreadyInErp: 1, rejected: 1 }, "complete_with_rejections"],
    [{ transferred: 2, rejected: 1, failed: 1 }, "needs_attention"],
    [{ transferred: 2, unknown: 1 }, "needs_attention"],
    [{ transferred: 2, notSent: 1 }, "needs_attention"],
    [{}, "needs_attention"],
  ] as const)("of a completed run with %j is %s", (counts, result) => {
    expect(runResult("completed", { ...NONE, ...counts })).toBe(result);
  });

  it("is running or interrupted by the run's state, whatever its orders", () => {
    expect(runResult("running", { ...NONE, transferred: 3 })).toBe("running");
    expect(runResult("queued", NONE)).toBe("running");
    expect(runResult("interrupted", { ...NONE, transferred: 3 })).toBe("interrupted");
  });

  it("raises the attention alert only for failed, unknown or interrupted runs", () => {
    expect(raisesAttention("needs_attention")).toBe(true);
    expect(raisesAttention("interrupted")).toBe(true);
    expect(raisesAttention("complete")).toBe(false);
    expect(raisesAttention("complete_with_rejections")).toBe(false);
    expect(raisesAttention("running")).toBe(false);
  });
});
