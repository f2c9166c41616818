import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { problem } from "@/lib/http/problem";
import { isValidHost } from "@/lib/server/client-address";

// Auth.js builds the OAuth redirect_uri of the code exchange from the request URL, while the
// sign-in action builds it from the Host header; the provider refuses the exchange unless both
// agree. A route handler's URL is not always the one the browser used (NextRequest rewrites
// loopback hosts such as 127.0.0.1 to "localhost"), so rebuild it from the Host the browser sent
// (trustHost is on) as a plain Request. With AUTH_URL set, Auth.js uses that instead. The
// console's server strips forwarding headers unless a trusted proxy sets them
// (TRUSTED_PROXY_HOPS) and refuses a malformed Host; a malformed value is still a 400 here.
function withBrowserHost(handler: (req: NextRequest) => Promise<Response>) {
  return (req: NextRequest) => {
    const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
    if (!host || process.env.AUTH_URL) return handler(req);
    const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? req.nextUrl.protocol.replace(":", "");
    if (!isValidHost(host) || (proto !== "http" && proto !== "https")) {
      return problem("bad_request", "The Host or forwarding headers are malformed.");
    }
    const url = new URL(`${req.nextUrl.pathname}${req.nextUrl.search}`, `${proto}://${host}`);
    return handler(new Request(url, req) as NextRequest);
  };
}

export const GET = withBrowserHost(handlers.GET);
export const POST = withBrowserHost(handlers.POST);
