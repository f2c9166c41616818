import "server-only";
import { raiseAlert } from "@/lib/alerts/events";
import { getConfig } from "@/lib/config";
import { runPlatformCheckWith } from "@/lib/health";
import { log } from "@/lib/log";
import { upstream } from "@/lib/upstream";

export async function runPlatformCheck(): Promise<void> {
  const result = await runPlatformCheckWith({
    ping: () => upstream().ping(),
    silentMinutes: getConfig().alerts.platformSilentMinutes,
    raise: async (event) => {
      log.warn("platform has not answered", { event: "platform.unanswered", since: event.since, down_minutes: event.minutes });
      await raiseAlert(event);
    },
  });
  if (result.ended) log.info("platform answers again", { event: "platform.answers_again", lastSuccessAt: result.health.lastSuccessAt });
}
