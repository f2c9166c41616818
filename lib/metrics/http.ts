import type { IncomingMessage, ServerResponse } from "node:http";
import { observeHttpRequest } from "@/lib/metrics";

// Route templates from the build's routes-manifest.json: a path that matches none is "other", so no label grows with the paths asked for.

export interface RouteManifest {
  staticRoutes?: { page: string; regex: string }[];
  dynamicRoutes?: { page: string; regex: string }[];
}

export type RouteOf = (url: string | undefined) => string;

export function routeMatcher(manifest: RouteManifest): RouteOf {
  const routes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  const exact = new Map((manifest.staticRoutes ?? []).map((r) => [r.page, r.page]));
  return (url) => {
    const path = (url ?? "/").split("?")[0]!;
    if (path.startsWith("/_next/static/")) return "/_next/static";
    return exact.get(path) ?? routes.find((r) => r.regex.test(path))?.page ?? "other";
  };
}

/** Times one request from its arrival to its last byte. */
export function timeRequest(routeOf: RouteOf, req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  res.once("finish", () => observeHttpRequest({ route: routeOf(req.url), method: req.method, status: res.statusCode, seconds: (performance.now() - started) / 1000 }));
}
