import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as activityQuery from "@/lib/activity/query";
import * as loginSchemas from "@/lib/auth/login-schema";
import * as erpSchemas from "@/lib/erp/schemas";
import * as warehouseSchemas from "@/lib/schemas/warehouse";
import * as teamSchemas from "@/lib/team/schemas";
import { messagesFor } from "./messages";

// Every custom message of a shared schema must be a catalog key in English and Turkish: these
// messages reach pages, which translate them with the reader's locale.

const en = messagesFor("en");
const tr = messagesFor("tr");

interface Source {
  file: string;
  exports: Record<string, unknown>;
  /** Where the file's short keys live; keys starting with "validation." are always full keys. */
  namespace?: string;
  /** Inputs beyond the generic bad values, to reach the cross-field checks. */
  inputs?: unknown[];
}

const SOURCES: Source[] = [
  { file: "lib/team/schemas.ts", exports: teamSchemas },
  {
    file: "lib/schemas/warehouse.ts",
    exports: warehouseSchemas,
    namespace: "warehouses.validation",
    inputs: [{ q: "x".repeat(500), sort: "bogus", limit: "7", page: "0" }],
  },
  { file: "lib/auth/login-schema.ts", exports: loginSchemas, namespace: "auth.login" },
  {
    file: "lib/activity/query.ts",
    exports: activityQuery,
    inputs: [{ from: "2026-02-01", to: "2026-01-01", bogus: "1" }],
  },
  {
    file: "lib/erp/schemas.ts",
    exports: { ...erpSchemas, createTransferBodySchema: erpSchemas.createTransferBodySchema(50) },
    inputs: [
      { orderIds: ["1", "1", "x", "1".repeat(30)] },
      { orderIds: Array.from({ length: 30 }, (_, i) => `x${i}`) },
      { orderIds: Array.from({ length: 51 }, (_, i) => String(i + 1)) },
      { orderIds: ["1"], retry: "failed" },
      { retry: "unknown" },
      { orderIds: ["1"], parentRunId: "3f2b8c1e-5d4a-4b7c-9e1f-0a2b3c4d5e6f", confirmUnknown: true },
      { from: "2026-02-01", to: "2026-01-01", page: "100001", limit: "7" },
    ],
  },
];

function lookup(catalog: Record<string, unknown>, key: string): unknown {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The full catalog key of a message, when it names a text in both languages. */
function catalogKey(message: string, namespace?: string): string | null {
  const candidates = message.startsWith("validation.") || !namespace ? [message] : [message, `${namespace}.${message}`];
  return candidates.find((k) => typeof lookup(en, k) === "string" && typeof lookup(tr, k) === "string") ?? null;
}

/** String literals given as `message:` or `error:` in the source, including template literals. */
function sourceMessages(file: string): string[] {
  const text = readFileSync(path.join(process.cwd(), file), "utf8");
  return [...text.matchAll(/\b(?:message|error)\s*:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`([^`]*)`)/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? "",
  );
}

const DEFAULT = "\u0000zod default";
const BAD_VALUES: unknown[] = [undefined, null, 0, -1, 1.5, 1e30, true, "", " ", "x".repeat(2000), "a\u0007b", "a b", "0", "-1", "99999999999999999999", "x@", [], [1], {}, { extra: 1 }];

/** Messages the schema gives for a spread of bad inputs, its own fields' included; zod defaults left out. */
function runtimeMessages(schema: z.ZodType, extra: unknown[] = []): string[] {
  const inputs: unknown[] = [...BAD_VALUES, ...extra];
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape && typeof shape === "object") {
    for (const key of Object.keys(shape)) for (const bad of BAD_VALUES) inputs.push({ [key]: bad });
  }
  const out = new Set<string>();
  for (const input of inputs) {
    const r = schema.safeParse(input, { error: () => DEFAULT });
    for (const issue of r.error?.issues ?? []) if (issue.message !== DEFAULT) out.add(issue.message);
  }
  return [...out];
}

/** Exported schemas, and the schemas of exported field tables ({ page: schema, ... }). */
function exportedSchemas(exports: Record<string, unknown>): [string, z.ZodType][] {
  return Object.entries(exports).flatMap(([name, v]): [string, z.ZodType][] => {
    if (v instanceof z.ZodType) return [[name, v]];
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return Object.entries(v)
        .filter(([, f]) => f instanceof z.ZodType)
        .map(([k, f]) => [`${name}.${k}`, f as z.ZodType]);
    }
    return [];
  });
}

describe("schema messages are catalog keys", () => {
  for (const source of SOURCES) {
    it(`${source.file}: every message in the source is a key in both catalogs`, () => {
      const messages = sourceMessages(source.file);
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.filter((m) => !catalogKey(m, source.namespace))).toEqual([]);
    });

    it(`${source.file}: every message a schema gives is a key in both catalogs`, () => {
      const schemas = exportedSchemas(source.exports);
      expect(schemas.length).toBeGreaterThan(0);
      const bad: string[] = [];
      let seen = 0;
      for (const [name, schema] of schemas) {
        for (const m of runtimeMessages(schema, source.inputs)) {
          seen++;
          if (!catalogKey(m, source.namespace)) bad.push(`${name}: ${m}`);
        }
      }
      expect(seen).toBeGreaterThan(0);
      expect(bad).toEqual([]);
    });
  }
});
