export type FieldChangeKind = "added" | "removed" | "changed";

export interface FieldChange {
  field: string;
  kind: FieldChangeKind;
  before: unknown;
  after: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function diffValues(before: unknown, after: unknown, prefix = ""): FieldChange[] {
  const absent = (v: unknown) => v === null || v === undefined;
  if (isPlainObject(before) || isPlainObject(after)) {
    if (!absent(before) && !isPlainObject(before)) return [{ field: prefix, kind: "changed", before, after }];
    if (!absent(after) && !isPlainObject(after)) return [{ field: prefix, kind: "changed", before, after }];
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.flatMap((key) => {
      const field = prefix ? `${prefix}.${key}` : key;
      const inB = key in b && !absent(b[key]);
      const inA = key in a && !absent(a[key]);
      if (isPlainObject(b[key]) && isPlainObject(a[key])) return diffValues(b[key], a[key], field);
      if (!inB && !inA) return [];
      if (!inB) return [{ field, kind: "added" as const, before: null, after: a[key] }];
      if (!inA) return [{ field, kind: "removed" as const, before: b[key], after: null }];
      return same(b[key], a[key]) ? [] : [{ field, kind: "changed" as const, before: b[key], after: a[key] }];
    });
  }
  if (absent(before) && absent(after)) return [];
  if (absent(before)) return [{ field: prefix, kind: "added", before: null, after }];
  if (absent(after)) return [{ field: prefix, kind: "removed", before, after: null }];
  return same(before, after) ? [] : [{ field: prefix, kind: "changed", before, after }];
}

export function displayValue(v: unknown, max = Infinity): string {
  const text = v === null || v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v);
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

export interface ChangeWords {
  label: (field: string) => string;
  value: (field: string, v: unknown) => string;
}

const RAW: ChangeWords = { label: (field) => field, value: (_field, v) => displayValue(v) };

export function summarizeChange(before: unknown, after: unknown, words: ChangeWords = RAW, maxFields = 2, maxValue = 32): { text: string; more: number } | null {
  const changes = diffValues(before, after);
  if (!changes.length) return null;
  const cut = (text: string) => (text.length > maxValue ? `${text.slice(0, Math.max(0, maxValue - 1))}…` : text);
  const text = changes
    .slice(0, maxFields)
    .map((c) => {
      const value = `${cut(words.value(c.field, c.before))} → ${cut(words.value(c.field, c.after))}`;
      return c.field ? `${words.label(c.field)}: ${value}` : value;
    })
    .join("; ");
  return { text, more: Math.max(0, changes.length - maxFields) };
}
