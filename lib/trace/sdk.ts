import { context, INVALID_SPAN_CONTEXT, ProxyTracerProvider, trace, type Attributes, type Context, type Link, type Span, type SpanOptions, type Tracer, type TracerProvider } from "@opentelemetry/api";
import type { ReadableSpan, SpanExporter, SpanProcessor, TimedEvent } from "@opentelemetry/sdk-trace";
import { processRedactor, REDACTED } from "@/lib/rules/secrets";
import { redact } from "@/lib/log";

// Loaded only when tracing is on: the SDK and its exporters are imported here, never by the default runtime.

type Env = Record<string, string | undefined>;

const SECRET_KEY = /authorization|cookie|token|secret|password|api[._-]?key/i;
const SECRET_SHAPES = [/labsc_[0-9A-Za-z]{8,}/g, /eyJ[\w-]{8,}(?:\.[\w-]*){1,4}/g];

export function tracingWanted(env: Env = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== "true" && env.OTEL_TRACES_EXPORTER?.trim() !== "none";
}

// Span names and attribute values repeat from request to request: short ones are redacted once per set of known secrets.
const SCRUBBED_MAX = 1000;
const SCRUBBED_LENGTH = 256;
const scrubbed = new Map<string, string>();
let scrubbedFor = -1;

export function scrub(text: string): string {
  const version = processRedactor().version;
  if (version !== scrubbedFor) {
    scrubbed.clear();
    scrubbedFor = version;
  }
  const known = scrubbed.get(text);
  if (known !== undefined) return known;
  const out = SECRET_SHAPES.reduce((acc, shape) => acc.replace(shape, REDACTED), redact(text));
  if (text.length <= SCRUBBED_LENGTH) {
    if (scrubbed.size >= SCRUBBED_MAX) scrubbed.clear();
    scrubbed.set(text, out);
  }
  return out;
}

function scrubValue<T>(value: T): T {
  if (typeof value === "string") return scrub(value) as T;
  return (Array.isArray(value) ? value.map((v: unknown) => (typeof v === "string" ? scrub(v) : v)) : value) as T;
}

// Next's own bookkeeping on its spans: the span's name and kind say the same.
const NOT_EXPORTED = new Set(["next.span_category", "next.span_name", "next.span_type"]);

export function scrubAttributes(attributes: Attributes | undefined): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes ?? {})) if (!NOT_EXPORTED.has(key) && !SECRET_KEY.test(key)) out[scrub(key)] = scrubValue(value);
  return out;
}

/** What leaves the process: the span's name, attributes, events, links and status run through the house's redaction. */
export function scrubSpan(span: ReadableSpan): ReadableSpan {
  const events: TimedEvent[] = span.events.map((e) => ({ ...e, name: scrub(e.name), attributes: scrubAttributes(e.attributes) }));
  const links: Link[] = span.links.map((l) => ({ ...l, attributes: scrubAttributes(l.attributes) }));
  const status = { ...span.status, ...(span.status.message !== undefined && { message: scrub(span.status.message) }) };
  const replaced: Partial<ReadableSpan> = { name: scrub(span.name), attributes: scrubAttributes(span.attributes), events, links, status };
  return new Proxy(span, { get: (target, key, receiver) => (key in replaced ? replaced[key as keyof ReadableSpan] : Reflect.get(target, key, receiver)) });
}

export class RedactingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: Parameters<SpanExporter["export"]>[1]): void {
    this.inner.export(spans.map(scrubSpan), done);
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

async function otlpExporter(env: Env): Promise<SpanExporter> {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf").trim();
  if (protocol === "http/json") return new (await import("@opentelemetry/exporter-trace-otlp-http")).OTLPTraceExporter();
  if (protocol === "grpc") return new (await import("@opentelemetry/exporter-trace-otlp-grpc")).OTLPTraceExporter();
  return new (await import("@opentelemetry/exporter-trace-otlp-proto")).OTLPTraceExporter();
}

function batchOptions(env: Env) {
  const n = (name: string) => {
    const value = Number(env[name]);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  return { scheduledDelayMillis: n("OTEL_BSP_SCHEDULE_DELAY"), exportTimeoutMillis: n("OTEL_BSP_EXPORT_TIMEOUT"), maxQueueSize: n("OTEL_BSP_MAX_QUEUE_SIZE"), maxExportBatchSize: n("OTEL_BSP_MAX_EXPORT_BATCH_SIZE") };
}

function serviceAttributes(env: Env, version: string): Attributes {
  const named = env.OTEL_SERVICE_NAME?.trim() || /(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? "");
  return { ...(!named && { "service.name": "labs-console" }), "service.version": version };
}

const NEXT_KEPT = "BaseServer.handleRequest";

/** One of Next's inner spans (route module loading, the handler, the response...), which the console does not export. */
function nextInner(options: SpanOptions | undefined): boolean {
  const type = options?.attributes?.["next.span_type"];
  return typeof type === "string" && type !== NEXT_KEPT;
}

/**
 * Next's inner spans are never made: the work runs under the span around it, so an upstream call's span is the request span's
 * child. Each would cost an SDK span, its redaction and its encoding on every request; NEXT_OTEL_VERBOSE=1 keeps them.
 */
export class LeanTracerProvider implements TracerProvider {
  private readonly tracers = new Map<string, Map<string | undefined, Tracer>>();
  constructor(private readonly inner: TracerProvider) {}
  getTracer(name: string, version?: string, options?: { schemaUrl?: string }): Tracer {
    let byVersion = this.tracers.get(name);
    if (!byVersion) this.tracers.set(name, (byVersion = new Map()));
    let tracer = byVersion.get(version);
    if (!tracer) {
      tracer = name === "next.js" ? leanTracer(this.inner.getTracer(name, version, options)) : this.inner.getTracer(name, version, options);
      byVersion.set(version, tracer);
    }
    return tracer;
  }
}

function leanTracer(inner: Tracer): Tracer {
  const around = (ctx: Context | undefined): Span => trace.wrapSpanContext(trace.getSpanContext(ctx ?? context.active()) ?? INVALID_SPAN_CONTEXT);
  return {
    startSpan: (name, options, ctx) => (nextInner(options) ? around(ctx) : inner.startSpan(name, options, ctx)),
    startActiveSpan: ((name: string, ...rest: unknown[]) => {
      const fn = rest.pop() as (span: Span) => unknown;
      const [options, ctx] = rest as [SpanOptions | undefined, Context | undefined];
      if (!nextInner(options)) return inner.startActiveSpan(name, options ?? {}, ctx ?? context.active(), fn);
      return ctx ? context.with(ctx, () => fn(around(ctx))) : fn(around(undefined));
    }) as Tracer["startActiveSpan"],
  };
}

const BUBBLED_KEPT = 1024;

/**
 * Next answers a request that passes the proxy in two passes, each with a server span: the first ends (bubbled) before the
 * second starts as its child. The first is not exported; the second takes its parent.
 */
export class BubbledPassProcessor implements SpanProcessor {
  private readonly bubbled = new Map<string, ReadableSpan["parentSpanContext"]>();
  constructor(private readonly inner: SpanProcessor) {}
  onStart(...args: Parameters<SpanProcessor["onStart"]>): void {
    this.inner.onStart(...args);
  }
  onEnd(span: ReadableSpan): void {
    if (span.attributes["next.bubble"] === true && span.attributes["next.span_type"] === NEXT_KEPT) {
      this.bubbled.set(span.spanContext().spanId, span.parentSpanContext);
      if (this.bubbled.size > BUBBLED_KEPT) this.bubbled.delete(this.bubbled.keys().next().value!);
      return;
    }
    const parentId = span.parentSpanContext?.spanId;
    if (parentId !== undefined && this.bubbled.has(parentId)) {
      const parentSpanContext = this.bubbled.get(parentId);
      span = new Proxy(span, { get: (target, key, receiver) => (key === "parentSpanContext" ? parentSpanContext : Reflect.get(target, key, receiver)) });
    }
    this.inner.onEnd(span);
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}

export interface Tracing {
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Null unless an OTLP endpoint is configured; then every other setting comes from the standard OTEL_* variables. */
export async function startTracing(env: Env = process.env, version = "unknown"): Promise<Tracing | null> {
  if (!tracingWanted(env)) return null;
  const [{ startNodeSdk }, { BatchSpanProcessor }] = await Promise.all([import("@opentelemetry/sdk-node"), import("@opentelemetry/sdk-trace")]);
  const lean = env.NEXT_OTEL_VERBOSE?.trim() !== "1";
  const processor = new BatchSpanProcessor({ exporter: new RedactingExporter(await otlpExporter(env)), ...batchOptions(env) });
  const sdk = startNodeSdk({ spanProcessors: [lean ? new BubbledPassProcessor(processor) : processor], metricReaders: [], logRecordProcessors: [], instrumentations: [], resourceAttributes: serviceAttributes(env, version) });
  if (lean) {
    const registered = trace.getTracerProvider();
    trace.disable();
    trace.setGlobalTracerProvider(new LeanTracerProvider(registered instanceof ProxyTracerProvider ? registered.getDelegate() : registered));
  }
  return { flush: () => processor.forceFlush(), shutdown: () => sdk.shutdown() };
}
