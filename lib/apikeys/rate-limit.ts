import { sql, type Kysely } from "kysely";
import type { Database } from "@/lib/store/schema";

// A fixed window per key, counted in the store so the limit holds across instances.

export const RATE_WINDOW_MS = 60_000;

export interface RateVerdict {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
  allowed: boolean;
}

export function windowStart(now: number, windowMs = RATE_WINDOW_MS): number {
  return now - (now % windowMs);
}

export async function countRequest(conn: Kysely<Database>, keyId: string, limit: number, now = Date.now(), windowMs = RATE_WINDOW_MS): Promise<RateVerdict> {
  const start = new Date(windowStart(now, windowMs));
  // One statement: a new window replaces the old row, the same window counts one more.
  const row = await conn
    .insertInto("api_key_windows")
    .values({ key_id: keyId, window_start: start, count: 1 })
    .onConflict((oc) =>
      oc.column("key_id").doUpdateSet({
        count: sql<number>`case when api_key_windows.window_start = excluded.window_start then api_key_windows.count + 1 else 1 end`,
        window_start: sql<Date>`greatest(api_key_windows.window_start, excluded.window_start)`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  const used = row.count;
  const resetSeconds = Math.max(1, Math.ceil((row.window_start.getTime() + windowMs - now) / 1000));
  return { limit, remaining: Math.max(0, limit - used), resetSeconds, allowed: used <= limit };
}

export function rateHeaders(v: RateVerdict): Record<string, string> {
  return { "RateLimit-Limit": String(v.limit), "RateLimit-Remaining": String(v.remaining), "RateLimit-Reset": String(v.resetSeconds) };
}
