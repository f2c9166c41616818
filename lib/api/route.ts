import "server-only";
import type { NextRequest } from "next/server";
import type { Endpoint } from "@/lib/api/endpoint";
import { ROUTE_METHODS, type RouteMethod } from "@/lib/http/allow";
import { otherMethods } from "@/lib/http/not-allowed";
import { withApiRoute, withRoute } from "@/lib/http/route";

type Segment = { params: Promise<Record<string, string | string[]>> };
type Served = (req: NextRequest, segment: Segment) => Response | Promise<Response>;
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

export const route = (handlers: Partial<Record<RouteMethod, Handler>>) => serve(handlers, (e) => withRoute(e.permission, e.handle) as Served);

type KeyedEndpoint = Endpoint & { declaration: { session?: false } };

export const apiRoute = (handlers: Partial<Record<RouteMethod, KeyedEndpoint>>) => serve(handlers, (e) => withApiRoute(e.permission, e.handle) as Served);
