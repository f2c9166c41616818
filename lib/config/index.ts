import "server-only";
import { parseServerEnv, type ConsoleConfig } from "@/lib/config/env";

let cached: ConsoleConfig | undefined;

export function getConfig(): ConsoleConfig {
  cached ??= parseServerEnv(process.env);
  return cached;
}

export type { ConsoleConfig };
