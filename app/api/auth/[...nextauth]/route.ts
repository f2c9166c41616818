import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { problem } from "@/lib/http/problem";
import { isValidHost } from "@/lib/server/client-address";
import { otherMethods } from "@/lib/http/not-allowed";

// NextRequest rewrites loopback hosts to "localhost", and the provider refuses a redirect_uri unlike the sign-in's browser Host.
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
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
