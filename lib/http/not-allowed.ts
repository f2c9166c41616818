import { problem } from "@/lib/http/problem";
import { requestContext } from "@/lib/http/request-context";
import { allowOf, ROUTE_METHODS, type RouteMethod } from "@/lib/http/allow";

// Next answers a method a route file does not export with an empty 405 and no Allow (RFC 9110 requires one).

type Answer = (req: Request) => Response;
export type OtherMethods<H> = Record<Exclude<RouteMethod, keyof H> | "OPTIONS", Answer>;

const refusers = new WeakSet<Answer>();

export function isNotAllowed(handler: unknown): boolean {
  return typeof handler === "function" && refusers.has(handler as Answer);
}

export function otherMethods<H extends Partial<Record<RouteMethod, unknown>>>(handlers: H): OtherMethods<H> {
  const served = ROUTE_METHODS.filter((m) => typeof handlers[m] === "function");
  const allow = allowOf(served);
  const refuse: Answer = (req) => {
    const { requestId } = requestContext(req.headers);
    const method = req.method.replace(/[^A-Z-]/g, "") || "given";
    const res = problem("method_not_allowed", `The method ${method} is not allowed here; this address takes ${allow}.`, { requestId }, { Allow: allow });
    res.headers.set("x-request-id", requestId);
    return res;
  };
  refusers.add(refuse);
  // Next's own OPTIONS answer would count the 405 answers as served methods.
  const options: Answer = () => new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": "no-store" } });
  const out: Record<string, Answer> = { OPTIONS: options };
  for (const m of ROUTE_METHODS) if (!served.includes(m)) out[m] = refuse;
  return out as OtherMethods<H>;
}
