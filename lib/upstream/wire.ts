// The upstream's wire shapes and the small helpers the client builds requests and errors with.
import { toUpstreamFlag } from "@/lib/upstream/flags";

export const IMPORT_KINDS = ["products", "prices", "stock"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_PATHS: Record<ImportKind, string> = {
  products: "/action/products-erp-sync",
  prices: "/action/products-price-erp-sync",
  stock: "/action/products-qty-erp-sync",
};

export interface WarehouseWrite {
  name?: string;
  code?: string;
  erpWarehouseId?: string | null;
  isDefault?: boolean;
  isActive?: boolean;
}

export interface TransferResult {
  message: string;
  transferred: string[];
  notTransferred: { id: string; error: string }[];
}

export function assertId(id: number): void {
  if (!Number.isSafeInteger(id) || id < 1) throw new TypeError(`invalid upstream id: ${String(id)}`);
}

export function toWire(input: WarehouseWrite): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (input.name !== undefined) body.name = input.name;
  if (input.code !== undefined) body.code = input.code;
  if (input.erpWarehouseId !== undefined) body.erpWarehouseId = input.erpWarehouseId;
  if (input.isDefault !== undefined) body.isDefault = toUpstreamFlag(input.isDefault);
  if (input.isActive !== undefined) body.isActive = toUpstreamFlag(input.isActive);
  return body;
}

export function causeCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function fieldErrorsOf(errors: Record<string, string | string[]> | undefined): Record<string, string[]> | undefined {
  if (!errors) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) out[field] = Array.isArray(value) ? value : [value];
  return out;
}

export function describe(kind: string, status: number | null, message?: string): string {
  return [kind, status === null ? null : `HTTP ${status}`, message].filter(Boolean).join(", ");
}
