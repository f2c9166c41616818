import type { ProblemDocument } from "@/lib/rules/problems";

// The browser side of /api: failures throw a ProblemError with the problem document, so an outage never reads as an empty answer.

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

export const NETWORK_PROBLEM: ProblemDocument = { status: 0, code: "network" };

async function send(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: "same-origin" });
  } catch {
    throw new ProblemError(NETWORK_PROBLEM);
  }
}

async function failure(res: Response): Promise<ProblemError> {
  const body: unknown = await res.json().catch(() => null);
  const doc = body && typeof body === "object" && !Array.isArray(body) ? (body as Partial<ProblemDocument>) : {};
  return new ProblemError({ ...doc, status: res.status });
}

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await send(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  if (!res.ok) throw await failure(res);
  const body: unknown = await res.json().catch(() => null);
  if (body === null) throw new ProblemError({ status: res.status, code: "bad_response" });
  return body as T;
}

export function fetcher<T>(url: string): Promise<T> {
  return request<T>(url);
}

export async function fetchText(url: string): Promise<string> {
  const res = await send(url);
  if (!res.ok) throw await failure(res);
  return res.text();
}

/** A same-origin DELETE whose success has no body to read (204). */
export async function sendDelete(url: string): Promise<void> {
  const res = await send(url, { method: "DELETE", headers: { Accept: "application/json" } });
  if (!res.ok) throw await failure(res);
}

export function sendJson<T>(
  url: string,
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  return request<T>(url, {
    method,
    ...(body === undefined
      ? { headers: { ...headers } }
      : { body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } }),
  });
}
