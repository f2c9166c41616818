import "server-only";
import { getConfig } from "@/lib/config";
import { log } from "@/lib/log";
import { db } from "@/lib/store";
import { alertJobsIfStarted } from "@/lib/alerts/jobs";
import { alertSettings } from "@/lib/alerts/settings";
import { checkOrderAge } from "@/lib/order-age/alerts";
import { orderAgeOf } from "@/lib/order-age/read";
import type { OrderAge } from "@/lib/order-age/schemas";

export async function orderAge(now = new Date()): Promise<OrderAge> {
  return orderAgeOf(await db(), getConfig().orderAge, now);
}

// A pushed order may already be past a level: where the alert jobs run, it is judged now rather than at the next tick.
export async function checkOrderAgeNow(): Promise<void> {
  const engine = alertJobsIfStarted();
  if (!engine) return;
  try {
    await checkOrderAge({ db: await db(), boss: await engine, queue: alertSettings().queue, orderAge: getConfig().orderAge });
  } catch (error) {
    log.warn("order age check failed", { error: error instanceof Error ? error.message : String(error) });
  }
}
