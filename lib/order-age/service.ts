import "server-only";
import { getConfig } from "@/lib/config";
import { log } from "@/lib/log";
import { db } from "@/lib/store";
import { alertJobsIfStarted } from "@/lib/alerts/jobs";
import { alertSettings } from "@/lib/alerts/settings";
import { checkOrderAge } from "@/lib/order-age/alerts";
import { orderAgeOf } from "@/lib/order-age/read";
import type { OrderAge } from "@/lib/order-age/schemas";

export const ORDER_AGE_FRESH_MS = 30_000;
const g = globalThis as unknown as { orderAgeSnapshot?: { at: number; value: Promise<OrderAge> } };

function readNow(now: Date): Promise<OrderAge> {
  const value = db().then((conn) => orderAgeOf(conn, getConfig().orderAge, now));
  const snapshot = { at: now.getTime(), value };
  g.orderAgeSnapshot = snapshot;
  value.catch(() => {
    if (g.orderAgeSnapshot === snapshot) forgetOrderAge();
  });
  return value;
}

export function orderAge(now = new Date()): Promise<OrderAge> {
  const snapshot = g.orderAgeSnapshot;
  if (snapshot && now.getTime() - snapshot.at >= 0 && now.getTime() - snapshot.at < ORDER_AGE_FRESH_MS) return snapshot.value;
  return readNow(now);
}

/** This instance's orders moved (a push): the next read is a fresh one. */
export function forgetOrderAge(): void {
  g.orderAgeSnapshot = undefined;
}

// A pushed order may already be past a level: where the alert jobs run, it is judged now rather than at the next tick.
export async function checkOrderAgeNow(): Promise<void> {
  const engine = alertJobsIfStarted();
  if (!engine) return;
  try {
    await checkOrderAge({ db: await db(), boss: await engine, queue: alertSettings().queue, orderAge: getConfig().orderAge, read: readNow });
  } catch (error) {
    log.warn("order age check failed", { error: error instanceof Error ? error.message : String(error) });
  }
}
