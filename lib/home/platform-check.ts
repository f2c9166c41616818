import "server-only";
import { raiseAlert } from "@/lib/alerts/events";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db";
import { flushHealth, readPlatformHealth } from "@/lib/health";
import { probeDue } from "@/lib/health/calls";
import { checkSilence } from "@/lib/health/store";
import { log } from "@/lib/log";
import { upstream } from "@/lib/upstream";

// The "platform has not answered for N minutes" check, one job at a time across instances (lib/home/jobs.ts).

export async function runPlatformCheck(now = () => Date.now()): Promise<void> {
  await flushHealth();
  let health = await readPlatformHealth(now());
  if (probeDue(health, now())) {
    // The ping goes through the client, so its outcome is recorded like any call; a failure is the finding, not an error.
    await upstream()
      .ping()
      .catch(() => undefined);
    await flushHealth();
    health = await readPlatformHealth(now());
  }
  const minutes = getConfig().alerts.platformSilentMinutes;
  const decision = await checkSilence(await db(), health, minutes, now());
  if (decision.ended) log.info("platform answers again", { lastSuccessAt: health.lastSuccessAt });
  if (decision.raise) {
    log.warn("platform has not answered", { since: decision.raise.since, minutes: decision.raise.minutes });
    await raiseAlert({ type: "platform.unanswered", minutes: decision.raise.minutes, since: decision.raise.since, lastError: decision.raise.lastError, at: new Date(now()).toISOString() });
  }
}
