import { isSpanContextValid, SpanStatusCode, trace, TraceFlags, type Link, type Span, type SpanOptions } from "@opentelemetry/api";

// A floor like lib/log: features call in, it imports none. Without the SDK (tracing off) every call here is the API's no-op.

export const TRACER_NAME = "labs-console";
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const MAX_LINKS = 32;

export const tracer = () => trace.getTracer(TRACER_NAME);

export async function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

export function failSpan(span: Span, error: unknown): void {
  span.setAttribute("error.type", error instanceof Error ? error.name : "_OTHER");
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** The active span as a W3C traceparent, or null when nothing is traced. */
export function traceparent(): string | null {
  const ctx = trace.getActiveSpan()?.spanContext();
  if (!ctx || !isSpanContextValid(ctx)) return null;
  return `00-${ctx.traceId}-${ctx.spanId}-${ctx.traceFlags & TraceFlags.SAMPLED ? "01" : "00"}`;
}

/** Links to the traces stored with queued work (a queue push): malformed or repeated ones are left out. */
export function linksTo(traceparents: readonly (string | null | undefined)[]): Link[] {
  const links = new Map<string, Link>();
  for (const value of traceparents) {
    const m = value ? TRACEPARENT.exec(value) : null;
    if (!m || links.size >= MAX_LINKS) continue;
    const context = { traceId: m[1]!, spanId: m[2]!, traceFlags: parseInt(m[3]!, 16) & TraceFlags.SAMPLED, isRemote: true };
    if (isSpanContextValid(context)) links.set(`${context.traceId}-${context.spanId}`, { context });
  }
  return [...links.values()];
}

/** The active span's ids for a log line; none when tracing is off. */
export function traceFields(): { trace_id: string; span_id: string } | undefined {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && isSpanContextValid(ctx) ? { trace_id: ctx.traceId, span_id: ctx.spanId } : undefined;
}
