import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";
import { englishText, validationFailed } from "@/lib/i18n/validation";
import { problemBody, type ProblemCode } from "@/lib/rules/problems";

// Refused before Next reads them: Next answers these with a 500 or a logged stack, for anyone who sends one.

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** A Server Action id as Next makes them: 42 hex digits (an info byte and a hash). */
const ACTION_ID = /^[0-9a-f]{42}$/i;

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export interface GuardedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: HeaderSource;
}

export interface GuardOptions {
  /** The build's Server Action ids; when given, an id outside them is refused as Next does (409), without Next's log. */
  actions?: ReadonlySet<string>;
}

export interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

function refuse(code: ProblemCode, detail: string, path: string, headers: Record<string, string> = {}, members?: Record<string, unknown>): Refusal {
  const body = problemBody(code, detail, members);
  // API callers read problem+json; a page's caller (a browser, a router fetch) gets the sentence.
  const api = path.startsWith("/api/");
  return {
    status: body.status,
    headers: { "Content-Type": api ? "application/problem+json" : "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
    body: api ? JSON.stringify(body) : `${body.title}: ${detail}\n`,
  };
}

function routerStateProblem(value: string): boolean {
  try {
    parseAndValidateFlightRouterState(value);
    return false;
  } catch {
    return true;
  }
}

function formShaped(type: string | undefined): boolean {
  return /^\s*(?:multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type ?? "");
}

// A page's own form sent before its script runs: browsers set these and pages of other sites cannot.
function browserFormPost(headers: HeaderSource): boolean {
  return header(headers, "sec-fetch-site") === "same-origin" && header(headers, "sec-fetch-mode") === "navigate";
}

export function guardRequest(req: GuardedRequest, options: GuardOptions = {}): Refusal | null {
  const method = (req.method ?? "").toUpperCase();
  const url = req.url ?? "";
  const path = url.startsWith("/") ? url.split("?")[0]! : "/";
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return refuse("method_not_allowed", `The method ${method.replace(/[^A-Z-]/g, "") || "given"} is not allowed.`, path, { Allow: ALLOWED_METHODS.join(", ") });
  }
  // "*" (OPTIONS *) and the absolute form ("GET http://other.example/x") name no page of the console.
  if (!url.startsWith("/")) return refuse("bad_request", "The request target must be a path, such as /warehouses.", path);
  // Next drops a "__proto__" query parameter before a handler could refuse it as unknown, as it refuses "foo".
  const query = url.indexOf("?");
  if (path.startsWith("/api/") && query >= 0 && new URLSearchParams(url.slice(query + 1)).has("__proto__")) {
    const unknown = { code: "validation.unknownParameter", params: { name: "__proto__" } };
    const { code, detail, extra } = validationFailed({ ["__proto__"]: [unknown] }, { where: "query", detail: englishText(unknown) });
    return refuse(code, detail!, path, {}, extra);
  }
  if (header(req.headers, "rsc") === "1") {
    const tree = header(req.headers, "next-router-state-tree");
    if (tree !== undefined && routerStateProblem(tree)) return refuse("bad_request", "The Next-Router-State-Tree header is malformed.", path);
  }
  // No image is configured, and Next's optimizer logs a line for every URL that is not an image.
  if (path === "/_next/image" || path.startsWith("/_next/image/")) return refuse("not_found", "Images are not served through /_next/image.", path);
  const action = method === "POST" ? header(req.headers, "next-action") : undefined;
  if (action === undefined && method === "POST" && !path.startsWith("/api/") && formShaped(header(req.headers, "content-type")) && !browserFormPost(req.headers)) {
    return refuse("bad_request", "A form post to a page needs the console's own page to send it.", path);
  }
  if (action !== undefined) {
    if (!ACTION_ID.test(action)) return refuse("bad_request", "The Next-Action header is not a Server Action id.", path);
    // An id from another build (a page open across a deploy): Next's own answer, which makes the page reload.
    if (options.actions && !options.actions.has(action)) {
      return refuse("conflict", "This Server Action is not in this version of the console; reload the page.", path, { "x-nextjs-action-not-found": "1" });
    }
  }
  return null;
}

const REASONS: Record<number, string> = { 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 409: "Conflict", 422: "Unprocessable Content" };

/** A refusal as raw HTTP/1.1, for a socket no response object stands for (Node hands CONNECT to "connect", not "request"). */
export function rawResponse(refusal: Refusal): string {
  const headers = { ...refusal.headers, "Content-Length": String(new TextEncoder().encode(refusal.body).length), Connection: "close" };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${refusal.status} ${REASONS[refusal.status] ?? "Refused"}\r\n${lines.join("\r\n")}\r\n\r\n${refusal.body}`;
}

export function serverActionIds(manifest: unknown): Set<string> {
  const ids = new Set<string>();
  if (!manifest || typeof manifest !== "object") return ids;
  for (const runtime of ["node", "edge"]) {
    const table = (manifest as Record<string, unknown>)[runtime];
    if (table && typeof table === "object") for (const id of Object.keys(table)) ids.add(id);
  }
  return ids;
}
