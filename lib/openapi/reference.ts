// The API reference page's outline of the OpenAPI document: operations grouped by tag, in the document's order.

type Json = Record<string, unknown>;

export interface ReferenceField {
  name: string;
  /** "path", "query", "header" or "body". */
  in: string;
  required: boolean;
  type: string;
  description?: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  fields: ReferenceField[];
  statuses: string[];
}

export interface ReferenceSection {
  tag: string;
  operations: ReferenceOperation[];
}

const METHODS = ["get", "post", "put", "patch", "delete"];

export function typeOf(schema: unknown): string {
  const s = (schema ?? {}) as Json;
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return [...new Set(union.map(typeOf))].join(" | ");
  if (s.type === "array") return `${typeOf(s.items)}[]`;
  if (Array.isArray(s.type)) return s.type.join(" | ");
  return typeof s.type === "string" ? s.type : "object";
}

function bodyFields(op: Json): ReferenceField[] {
  const schema = ((((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"] as Json | undefined)?.schema ?? null) as Json | null;
  if (!schema) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties as Record<string, Json> | undefined) ?? {}).map(([name, p]) => ({
    name,
    in: "body",
    required: required.has(name),
    type: typeOf(p),
    ...(typeof p.description === "string" ? { description: p.description } : {}),
  }));
}

export function referenceSections(doc: Json): ReferenceSection[] {
  const sections = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries((doc.paths as Record<string, Json>) ?? {})) {
    for (const method of METHODS.filter((m) => m in item)) {
      const op = item[method] as Json;
      const tag = (op.tags as string[] | undefined)?.[0] ?? "";
      const params = ((op.parameters as Json[] | undefined) ?? []).map((p) => ({
        name: String(p.name),
        in: String(p.in),
        required: p.required === true,
        type: typeOf(p.schema),
        ...(typeof p.description === "string" ? { description: p.description } : {}),
      }));
      const list = sections.get(tag) ?? [];
      list.push({
        id: String(op.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ""),
        ...(typeof op.description === "string" ? { description: op.description } : {}),
        fields: [...params, ...bodyFields(op)],
        statuses: Object.keys((op.responses as Json | undefined) ?? {}),
      });
      sections.set(tag, list);
    }
  }
  return [...sections].map(([tag, operations]) => ({ tag, operations }));
}
