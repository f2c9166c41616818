import { NextResponse, type NextRequest } from "next/server";
import { problem } from "@/lib/http/problem";
import { contentSecurityPolicy } from "@/lib/http/security-headers";
import { guardRequest } from "@/lib/server/request-guard";

// Redirects anonymous page visits and sets the CSP nonce and HSTS; not the auth gate (pages and handlers check the member).

const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];
const PUBLIC_PATHS = ["/login"];
const MACHINE_PATHS = ["/livez", "/readyz", "/metrics"];

function malformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // A malformed action id: 400 here, not Next's stack; scripts/server.ts asks the same guard with the router headers Next hides from proxy.ts.
  const refusal = guardRequest({ method: request.method, url: pathname + search, headers: request.headers });
  if (refusal) return new NextResponse(refusal.body, { status: refusal.status, headers: refusal.headers });
  // Next answers a bare 500 for a path it cannot decode; it is the caller's mistake.
  if (malformedPath(pathname)) {
    if (pathname.startsWith("/api/")) return problem("bad_request", "The address contains a malformed percent-escape.");
    return new NextResponse("Bad request: the address contains a malformed percent-escape.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // Route handlers check the session themselves and need no CSP.
  if (pathname.startsWith("/api/") || MACHINE_PATHS.includes(pathname)) return NextResponse.next();
  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  if (!hasSession && !PUBLIC_PATHS.includes(pathname)) {
    const url = request.nextUrl.clone();
    url.pathname = "/login";
    url.search = pathname === "/" ? "" : `?callbackUrl=${encodeURIComponent(pathname + search)}`;
    return NextResponse.redirect(url);
  }

  const nonce = btoa(crypto.randomUUID());
  const https = request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  const ssoIssuer = process.env.AUTH_OIDC_ISSUER ? new URL(process.env.AUTH_OIDC_ISSUER).origin : undefined;
  const csp = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV === "development",
    https,
    formActions: ssoIssuer ? [ssoIssuer] : [],
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  if (https) response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|robots.txt).*)"],
};
