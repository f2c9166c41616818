// The browser side of the console's /api: one fetcher for SWR and one helper for writes. A failure
// throws a ProblemError carrying the problem+json document (RFC 9457), so callers can put field
// errors on fields and never mistake an outage for an empty answer.

export interface ProblemDocument {
  status: number;
  title?: string;
  detail?: string;
  code?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
  [extra: string]: unknown;
}

export class ProblemError extends Error {
  constructor(readonly problem: ProblemDocument) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status}`);
    this.name = "ProblemError";
  }

  get status(): number {
    return this.problem.status;
  }

  get code(): string | undefined {
    return this.problem.code;
  }
}

export function isProblemError(error: unknown): error is ProblemError {
  return error instanceof ProblemError;
}

/** Status 0: the request never got an answer from the console (offline, connection dropped). */
export const NETWORK_PROBLEM: ProblemDocument = { status: 0, code: "network" };

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: "same-origin", headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new ProblemError(NETWORK_PROBLEM);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const doc = body && typeof body === "object" && !Array.isArray(body) ? (body as Partial<ProblemDocument>) : {};
    throw new ProblemError({ ...doc, status: res.status });
  }
  if (body === null) throw new ProblemError({ status: res.status, code: "bad_response" });
  return body as T;
}

/** The SWR fetcher: GET the key as JSON. */
export function fetcher<T>(url: string): Promise<T> {
  return request<T>(url);
}

/** A JSON write (same origin, so the browser sends the Origin header the console checks). */
export function sendJson<T>(url: string, method: "POST" | "PUT" | "PATCH" | "DELETE", body?: unknown): Promise<T> {
  return request<T>(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
}
