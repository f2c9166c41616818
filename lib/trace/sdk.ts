import { ProxyTracerProvider, trace, type Attributes, type Link, type TracerProvider } from "@opentelemetry/api";
import type { ReadableSpan, SpanExporter, TimedEvent } from "@opentelemetry/sdk-trace";
import { processRedactor, REDACTED } from "@/lib/rules/secrets";
import { redact } from "@/lib/log";
import { ownServerSpans } from "@/lib/trace/server";

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

export function scrubAttributes(attributes: Attributes | undefined): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes ?? {})) if (!SECRET_KEY.test(key)) out[scrub(key)] = scrubValue(value);
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

/** Next makes no spans while the registered provider's constructor is named as the no-op one: the server span is lib/trace/server.ts's (NEXT_OTEL_VERBOSE=1: Next traces). */
function quietForNext(inner: TracerProvider): TracerProvider {
  const provider: TracerProvider = { getTracer: (name, version, options) => inner.getTracer(name, version, options) };
  return Object.defineProperty(provider, "constructor", { value: { name: "NoopTracerProvider" } });
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
  const sdk = startNodeSdk({ spanProcessors: [processor], metricReaders: [], logRecordProcessors: [], instrumentations: [], resourceAttributes: serviceAttributes(env, version) });
  if (lean) {
    const registered = trace.getTracerProvider();
    trace.disable();
    trace.setGlobalTracerProvider(quietForNext(registered instanceof ProxyTracerProvider ? registered.getDelegate() : registered));
    ownServerSpans(true);
  }
  return {
    flush: () => processor.forceFlush(),
    shutdown: () => {
      ownServerSpans(false);
      return sdk.shutdown();
    },
  };
}
