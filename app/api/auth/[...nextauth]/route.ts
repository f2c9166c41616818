import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";

// Under `next start` a route handler's request URL names the server's own host ("localhost"),
// not the one the browser used. Auth.js builds its OAuth redirect_uri from the request URL, and
// the sign-in action builds it from the Host header: both must agree or the provider refuses the
// code exchange. Rebuild the URL from the Host the browser sent (trustHost is on).
function withBrowserHost(handler: (req: NextRequest) => Promise<Response>) {
  return (req: NextRequest) => {
    const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
    const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? req.nextUrl.protocol.replace(":", "");
    if (!host) return handler(req);
    const url = new URL(`${req.nextUrl.pathname}${req.nextUrl.search}`, `${proto}://${host}`);
    return handler(new NextRequest(url, req));
  };
}

export const GET = withBrowserHost(handlers.GET);
export const POST = withBrowserHost(handlers.POST);
