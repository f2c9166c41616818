import type { Chain } from "@/lib/jobs/periodic";

// The silent-platform check, a chain on the job engine: one check per period across instances (lib/jobs/periodic.ts).

export const CHECK_SECONDS = 30;
export const PLATFORM_CHECK: Chain = { queue: "home.platform-check", seconds: CHECK_SECONDS, expireInSeconds: 120 };
