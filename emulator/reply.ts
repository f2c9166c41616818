// The answer a route produces; server.ts serialises it (or replaces it with an injected fault).

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FieldErrors = Record<string, string[]>;

export const MSG = {
  unauthorized: "Yetkisiz erişim.",
  notFound: "Kaynak bulunamadı.",
  warehouseNotFound: "Depo bulunamadı.",
  invalidJson: "Geçersiz JSON.",
  invalidData: "Geçersiz veri.",
  methodNotAllowed: "Bu yöntem bu kaynak için desteklenmiyor.",
  bodyTooLarge: "İstek gövdesi çok büyük.",
  internal: "Sunucu hatası.",
} as const;

export function ok(body: unknown): Reply {
  return { status: 200, body };
}

export function error(status: number, message: string, errors?: FieldErrors): Reply {
  return { status, body: errors ? { status: "error", message, errors } : { status: "error", message } };
}

export function invalid(errors: FieldErrors, message: string = MSG.invalidData): Reply {
  return error(422, message, errors);
}

export function methodNotAllowed(allow: readonly string[]): Reply {
  return { ...error(405, MSG.methodNotAllowed), headers: { Allow: allow.join(", ") } };
}

export type Body = { kind: "empty" } | { kind: "json"; value: unknown } | { kind: "invalid"; raw: string };

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Strict positive integer from a path or query string ("1", not "01", "1.0" or "+1"). */
export function parsePositiveInt(s: string | null | undefined): number | undefined {
  if (s == null || !/^[1-9][0-9]{0,15}$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : undefined;
}
