import { sendJson } from "@/lib/swr/fetcher";

/** Ends every session of the signed-in member, this one included. */
export function endAllSessionsRequest(): Promise<unknown> {
  return sendJson("/api/auth/sessions/end-all", "POST", { confirm: true });
}
