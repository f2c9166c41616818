import type { IncomingMessage, ServerResponse } from "node:http";
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { TRACER_NAME } from "@/lib/trace";

const OWN = Symbol.for("labs-console.server-spans");
type Flag = { [OWN]?: boolean };

export function ownServerSpans(on?: boolean): boolean {
  if (on !== undefined) (globalThis as Flag)[OWN] = on;
  return (globalThis as Flag)[OWN] === true;
}

/** Runs `handle` under the request's span, which continues a caller's traceparent and is named by the route template. */
export function traceRequest(routeOf: (url: string | undefined) => string, req: IncomingMessage, res: ServerResponse, handle: () => void): void {
  const method = req.method ?? "GET";
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = trace.getTracer(TRACER_NAME).startSpan(method, { kind: SpanKind.SERVER, attributes: { "http.method": method, "http.target": req.url ?? "/" } }, parent);
  res.once("close", () => {
    const route = routeOf(req.url);
    const name = `${req.headers.rsc === "1" ? "RSC " : ""}${method}`;
    span.setAttribute("http.status_code", res.statusCode);
    if (route === "other") span.updateName(name);
    else span.setAttributes({ "http.route": route, "next.route": route }).updateName(`${name} ${route}`);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR }).setAttribute("error.type", String(res.statusCode));
    span.end();
  });
  // A context without a recording span: Next's tracer stays idle, the console's own spans become this one's children.
  context.with(trace.setSpanContext(parent, span.spanContext()), handle);
}
