import { stubDoors } from "@/test/route-mocks";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "@/lib/store/schema";
import { openTestDb } from "@/test/store";
import { forgetOrderAge, orderAge, ORDER_AGE_FRESH_MS } from "@/lib/order-age/service";

// The clock an instance serves: read once per ORDER_AGE_FRESH_MS, at once again after a push.

const state = stubDoors({ conn: undefined as unknown as Kysely<Database>, config: () => ({ orderAge: { warnDays: 5, criticalDays: 6, deadlineDays: 7 }, accountTimeZone: "UTC" }) });
const T0 = new Date("2026-11-28T12:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  state.conn = await openTestDb();
});

afterAll(async () => {
  await state.conn?.destroy();
});

async function queue(orderId: string) {
  await state.conn.insertInto("order_queue").values({ order_id: orderId, queued_at: T0, queued_by_email: "operator@demo.local", queued_by_name: "Onur Operator", origin: "api", source: "web", order_date: new Date(T0.getTime() - 86_400_000), traceparent: null }).execute();
}

it("serves the clock it read until it is ORDER_AGE_FRESH_MS old, then reads again; a forgotten clock is read at once", async () => {
  forgetOrderAge();
  const first = await orderAge(T0);
  await queue("9100001");
  expect(await orderAge(later(ORDER_AGE_FRESH_MS - 1))).toBe(first);
  const fresh = await orderAge(later(ORDER_AGE_FRESH_MS));
  expect(fresh.total).toBe(first.total + 1);
  expect(fresh.at).toBe(later(ORDER_AGE_FRESH_MS).toISOString());
  await queue("9100002");
  expect((await orderAge(later(ORDER_AGE_FRESH_MS + 1))).total).toBe(first.total + 1);
  forgetOrderAge();
  expect((await orderAge(later(ORDER_AGE_FRESH_MS + 2))).total).toBe(first.total + 2);
});

it("reads asked for at once share one read", async () => {
  forgetOrderAge();
  const [a, b] = await Promise.all([orderAge(later(ORDER_AGE_FRESH_MS * 10)), orderAge(later(ORDER_AGE_FRESH_MS * 10 + 5))]);
  expect(a).toBe(b);
});
