import { detailCodeOf, fieldCodesOf, isUpstreamCode, type ProblemDocument, type TextCode, type UpstreamCode } from "@/lib/rules/problems";
import { isProblemError } from "@/lib/swr/fetcher";

export interface ProblemTexts {
  generic: string;
  network: string;
  badResponse: string | null;
  unauthenticated: string;
  forbidden: string;
  crossOrigin: string | null;
  notFound: string | null;
  conflict: string | null;
  upstream: Record<UpstreamCode, string>;
  upstreamRejected: string | null;
  upstreamRejectedWith: ((detail: string) => string) | null;
  say?: (text: TextCode) => string | undefined;
  byCode?: Partial<Record<string, string>>;
}

export type ProblemReading = (problem: ProblemDocument) => string | undefined;

function reading(problem: ProblemDocument, texts: ProblemTexts, own?: ProblemReading): string {
  const special = own?.(problem);
  if (special !== undefined) return special;
  const { status, code, detail } = problem;
  if (status === 0 && code === "network") return texts.network;
  if (code === "bad_response" && texts.badResponse !== null) return texts.badResponse;
  if (status === 401) return texts.unauthenticated;
  if (status === 403) {
    if (code !== "cross_origin") return texts.forbidden;
    if (texts.crossOrigin !== null) return texts.crossOrigin;
  }
  if (status === 404 && texts.notFound !== null) return texts.notFound;
  if (isUpstreamCode(code)) return texts.upstream[code];
  if (code === "upstream_rejected") {
    if (detail && texts.upstreamRejectedWith) return texts.upstreamRejectedWith(detail);
    if (texts.upstreamRejected !== null) return texts.upstreamRejected;
  }
  if (status === 409 && texts.conflict !== null) return texts.conflict;
  return status >= 500 || !detail ? texts.generic : detail;
}

function serverSentence(problem: ProblemDocument, text: string): { code?: TextCode } | null {
  if (text === problem.detail) return { code: detailCodeOf(problem) };
  const codes = fieldCodesOf(problem);
  for (const [field, messages] of Object.entries(problem.errors ?? {})) {
    const at = Array.isArray(messages) ? messages.indexOf(text) : -1;
    if (at >= 0) return { code: codes[field]?.[at] };
  }
  return null;
}

export function problemText(error: unknown, texts: ProblemTexts, own?: ProblemReading): string {
  if (!isProblemError(error)) return texts.generic;
  const problem = error.problem;
  const text = reading(problem, texts, own);
  const sentence = serverSentence(problem, text);
  if (!sentence) return text;
  const said = sentence.code && texts.say?.(sentence.code);
  if (said) return said;
  if (!texts.byCode) return text;
  return (problem.code ? texts.byCode[problem.code] : undefined) ?? texts.generic;
}

export function firstFieldError(problem: ProblemDocument): string | undefined {
  return problem.errors ? Object.values(problem.errors).flat()[0] : undefined;
}
