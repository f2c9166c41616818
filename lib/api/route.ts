import "server-only";
import type { NextRequest } from "next/server";
import type { Endpoint } from "@/lib/api/endpoint";
import { ROUTE_METHODS, type RouteMethod } from "@/lib/http/allow";
import { otherMethods } from "@/lib/http/not-allowed";
import { withApiRoute, withRoute } from "@/lib/http/route";

// A route file's exports: each method it serves, and a 405 with Allow (or the OPTIONS answer) for the rest.

type Segment = { params: Promise<Record<string, string | string[]>> };
type Served = (req: NextRequest, segment: Segment) => Response | Promise<Response>;
/** An endpoint, or a plain answer for the few addresses served without a session or key. */
export type Handler = Endpoint | ((req: NextRequest) => Response | Promise<Response>);
export type RouteExports = Record<RouteMethod | "OPTIONS", Served>;

const isEndpoint = (h: Handler): h is Endpoint => typeof h === "object";

function serve(handlers: Partial<Record<RouteMethod, Handler>>, door: (e: Endpoint) => Served): RouteExports {
  const served: Partial<Record<RouteMethod, Served>> = {};
  for (const m of ROUTE_METHODS) {
    const h = handlers[m];
    if (h) served[m] = isEndpoint(h) ? door(h) : h;
  }
  return { ...otherMethods(served), ...served } as RouteExports;
}

/** A browser route: a session, the role's permission, and the origin check for writes. */
export const route = (handlers: Partial<Record<RouteMethod, Handler>>) => serve(handlers, (e) => withRoute(e.permission, e.handle) as Served);

type KeyedEndpoint = Endpoint & { declaration: { session?: false } };

/** An /api/v1 route: the same endpoints as the browser's, behind an API key instead of a session. */
export const apiRoute = (handlers: Partial<Record<RouteMethod, KeyedEndpoint>>) => serve(handlers, (e) => withApiRoute(e.permission, e.handle) as Served);
