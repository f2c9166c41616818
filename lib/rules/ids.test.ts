import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AUDIT_TARGET_ID_PATTERN,
  CLIENT_REQUEST_ID_PATTERN,
  IDEMPOTENCY_KEY_PATTERN,
  ORDER_ID_MAX_LENGTH,
  parsePositiveId,
  POSITIVE_ID_PATTERN,
  SESSION_ID_PATTERN,
} from "@/lib/rules/ids";
import { classifyOrderId } from "@/lib/erp/transfers/order-ids";
import { runIdSchema } from "@/lib/erp/schemas";

describe("positive ids (warehouses, members)", () => {
  it.each(["1", "12", "9007199254740991", "1234567890123456"])("accepts %s", (v) => {
    expect(POSITIVE_ID_PATTERN.test(v)).toBe(true);
  });
  it.each(["", "0", "012", "1.5", "-1", "1e3", " 1", "12345678901234567", "١٢"])("refuses %j", (v) => {
    expect(POSITIVE_ID_PATTERN.test(v)).toBe(false);
    expect(parsePositiveId(v)).toBeNull();
  });
  it("parses to a safe integer or nothing", () => {
    expect(parsePositiveId("42")).toBe(42);
    expect(parsePositiveId("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
    expect(parsePositiveId("9007199254740992")).toBeNull();
  });
});

describe("run ids", () => {
  const zodUuid = z.uuid();
  const samples = [
    randomUUID(),
    randomUUID().toUpperCase(),
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "123e4567-e89b-12d3-a456-426614174000",
    "123e4567-e89b-02d3-a456-426614174000",
    "123e4567-e89b-12d3-c456-426614174000",
    "123e4567e89b12d3a456426614174000",
    "not-a-uuid",
    "",
    `${randomUUID()}x`,
  ];
  it.each(samples)("agrees with z.uuid() on %j", (v) => {
    expect(runIdSchema.safeParse(v).success).toBe(zodUuid.safeParse(v).success);
  });
});

describe("order ids", () => {
  it("are digits only, 1 to 20 characters, leading zeros kept", () => {
    expect(classifyOrderId("0001")).toBeNull();
    expect(classifyOrderId("9".repeat(ORDER_ID_MAX_LENGTH))).toBeNull();
    expect(classifyOrderId("9".repeat(ORDER_ID_MAX_LENGTH + 1))).toBe("too_long");
    expect(classifyOrderId("")).toBe("not_a_number");
    expect(classifyOrderId("12a")).toBe("not_a_number");
    expect(classifyOrderId("-1")).toBe("not_a_number");
  });
});

describe("header and cookie ids", () => {
  it("client request ids are 8..64 word characters or dashes", () => {
    expect(CLIENT_REQUEST_ID_PATTERN.test("abcd-1234")).toBe(true);
    expect(CLIENT_REQUEST_ID_PATTERN.test("short")).toBe(false);
    expect(CLIENT_REQUEST_ID_PATTERN.test("a".repeat(65))).toBe(false);
    expect(CLIENT_REQUEST_ID_PATTERN.test("abcd 1234")).toBe(false);
  });
  it("idempotency keys take letters, digits and . _ : -", () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test(randomUUID())).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test("a:b.c_d-e")).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test("a b")).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test("a/b")).toBe(false);
  });
  it("session ids are url-safe base64, 20..64 characters", () => {
    expect(SESSION_ID_PATTERN.test("A".repeat(32))).toBe(true);
    expect(SESSION_ID_PATTERN.test("A".repeat(19))).toBe(false);
    expect(SESSION_ID_PATTERN.test(`${"A".repeat(30)}+/`)).toBe(false);
  });
  it("audit target ids are 1..64 of letters, digits and _ . @ -", () => {
    expect(AUDIT_TARGET_ID_PATTERN.test("ops@example.com")).toBe(true);
    expect(AUDIT_TARGET_ID_PATTERN.test("")).toBe(false);
    expect(AUDIT_TARGET_ID_PATTERN.test("a b")).toBe(false);
  });
});
