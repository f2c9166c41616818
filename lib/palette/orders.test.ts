import { describe, expect, it } from "vitest";
import { orderHref, orderIdInQuery } from "@/lib/palette/orders";

describe("orderIdInQuery", () => {
  it("reads an order id after the word order, in English or Turkish, in any case", () => {
    for (const q of ["order 3572228", "Order 3572228", "ORDER #3572228", "order id 3572228", "  order   3572228 ", "sipariş 3572228", "SİPARİŞ 3572228", "Sipariş No: 3572228", "siparis no 3572228", "order3572228"]) {
      expect(orderIdInQuery(q), q).toBe("3572228");
    }
    expect(orderIdInQuery("order 0042")).toBe("0042");
    expect(orderHref("3572228")).toBe("/erp/orders/3572228");
  });

  it("names no order for other searches, words alone, or ids that cannot be order ids", () => {
    for (const q of ["3572228", "order", "order abc", "orders page", "border 3572228", "order 35722x8", `order ${"1".repeat(21)}`, "order -5", "warehouse 12"]) {
      expect(orderIdInQuery(q), q).toBeNull();
    }
  });
});
