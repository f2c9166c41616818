import { reasonMeaning } from "@/lib/erp/outcomes";

export interface ReasonTranslator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

export function describeReason(t: ReasonTranslator, row: { reason: string | null; reasonCode: string | null }): string {
  const parts: string[] = [];
  if (row.reasonCode) {
    const [code = "", status = ""] = row.reasonCode.split(":");
    const key = `codes.${code}`;
    parts.push(t.has(key) ? t(key, { status }) : row.reasonCode);
  }
  if (row.reason) {
    const { known } = reasonMeaning(row.reason);
    parts.push(known && t.has(`known.${known}`) ? t(`known.${known}`) : row.reason);
  }
  return parts.join(": ");
}
