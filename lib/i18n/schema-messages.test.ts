import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messagesFor } from "@/lib/i18n/messages";

// Every custom message of a schema must be a "validation.*" catalog key in English and Turkish: these messages
// reach pages, which translate them with the reader's locale. The schema modules are found by
// globbing, so a schema that moves or a new feature is walked without touching this file.

const en = messagesFor("en");
const tr = messagesFor("tr");
const ROOT = process.cwd();

/** Modules that parse the platform's answers or the environment: their messages never reach a page. */
const NOT_SHOWN = /^lib\/(upstream|config)\//;

/** Arguments for exported schema and list factories. */
const FACTORY_ARGS: Record<string, unknown[]> = {
  createTransferBodySchema: [50],
  runOrderList: ["3f2b8c1e-5d4a-4b7c-9e1f-0a2b3c4d5e6f"],
};

/** Inputs beyond the generic bad values, to reach the cross-field checks; every schema gets them all. */
const INPUTS: unknown[] = [
  { q: "x".repeat(500), sort: "bogus", limit: "7", page: "0" },
  { from: "2026-02-01", to: "2026-01-01", bogus: "1" },
  { orderIds: ["1", "1", "x", "1".repeat(30)] },
  { orderIds: Array.from({ length: 30 }, (_, i) => `x${i}`) },
  { orderIds: Array.from({ length: 51 }, (_, i) => String(i + 1)) },
  { orderIds: ["1"], retry: "failed" },
  { retry: "unknown" },
  { orderIds: ["1"], parentRunId: "3f2b8c1e-5d4a-4b7c-9e1f-0a2b3c4d5e6f", confirmUnknown: true },
  { from: "2026-02-01", to: "2026-01-01", page: "100001", limit: "7" },
];

const MESSAGE_LITERAL = /\b(?:message|error)\s*:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`([^`]*)`)/g;

/** lib/**: schema modules, list definitions (zod-free where the list needs no other schema), and any zod module with a message of its own. */
function schemaModules(): string[] {
  return globSync("lib/**/*.ts", { cwd: ROOT })
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => !f.endsWith(".test.ts") && !NOT_SHOWN.test(f))
    .filter((f) => {
      const text = readFileSync(path.join(ROOT, f), "utf8");
      if (!/from "zod"/.test(text) && !text.includes("defineList(")) return false;
      return /(^|\/)schemas?\.ts$/.test(f) || /-schema\.ts$/.test(f) || text.includes("defineList(") || new RegExp(MESSAGE_LITERAL.source).test(text);
    })
    .sort();
}

function lookup(catalog: Record<string, unknown>, key: string): unknown {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** One key style: a message is a full key under "validation." that names a text in both languages. */
function isValidationKey(message: string): boolean {
  return message.startsWith("validation.") && typeof lookup(en, message) === "string" && typeof lookup(tr, message) === "string";
}

/** String literals given as `message:` or `error:` in the source, including template literals. */
function sourceMessages(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(MESSAGE_LITERAL)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
}

const DEFAULT = "\u0000zod default";
// Globally too: a list's strict query parses each field on its own, out of reach of the per-parse map.
z.config({ customError: () => DEFAULT });
const BAD_VALUES: unknown[] = [undefined, null, 0, -1, 1.5, 1e30, true, "", " ", "x".repeat(2000), "a\u0007b", "a b", "0", "-1", "99999999999999999999", "x@", [], [1], {}, { extra: 1 }];

/** Messages the schema gives for a spread of bad inputs, its own fields' included; zod defaults left out. */
function runtimeMessages(schema: z.ZodType, fields?: Record<string, unknown>): string[] {
  const inputs: unknown[] = [...BAD_VALUES, ...INPUTS];
  const shape = fields ?? (schema as { shape?: Record<string, unknown> }).shape;
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

interface Walked {
  name: string;
  schema: z.ZodType;
  fields?: Record<string, unknown>;
}

const isListDefinition = (v: unknown): v is { querySchema: z.ZodType; fields: Record<string, unknown> } =>
  !!v && typeof v === "object" && (v as { querySchema?: unknown }).querySchema instanceof z.ZodType;

function fieldTable(name: string, table: Record<string, unknown>): Walked[] {
  return Object.entries(table)
    .filter(([, f]) => f instanceof z.ZodType)
    .map(([k, f]) => ({ name: `${name}.${k}`, schema: f as z.ZodType }));
}

/** One export as schemas: a schema, a list definition (its strict query and fields), a field table, a factory's result. */
function walk(name: string, value: unknown): Walked[] {
  if (value instanceof z.ZodType) return [{ name, schema: value }];
  if (isListDefinition(value)) {
    return [{ name: `${name}.querySchema`, schema: value.querySchema, fields: value.fields }, ...fieldTable(`${name}.fields`, value.fields)];
  }
  if (typeof value === "function" && /(Schema|List)$/.test(name)) {
    let made: unknown;
    try {
      made = (value as (...args: unknown[]) => unknown)(...(FACTORY_ARGS[name] ?? []));
    } catch {
      return [];
    }
    return made instanceof z.ZodType || isListDefinition(made) ? walk(`${name}()`, made) : [];
  }
  if (value && typeof value === "object" && !Array.isArray(value)) return fieldTable(name, value as Record<string, unknown>);
  return [];
}

const FILES = schemaModules();
const MODULES = new Map<string, Record<string, unknown>>(
  await Promise.all(FILES.map(async (f) => [f, (await import(/* @vite-ignore */ path.join(ROOT, f))) as Record<string, unknown>] as const)),
);

describe("schema messages are validation.* catalog keys", () => {
  it("finds the schema modules of every feature", () => {
    for (const feature of ["team", "erp", "activity", "warehouses", "auth", "list"]) {
      expect(FILES.some((f) => f.startsWith(`lib/${feature}/`))).toBe(true);
    }
  });

  for (const file of FILES) {
    it(`${file}: every message in the source is a validation.* key in both catalogs`, () => {
      expect(sourceMessages(file).filter((m) => !isValidationKey(m))).toEqual([]);
    });

    it(`${file}: every message a schema gives is a validation.* key in both catalogs`, () => {
      const schemas = Object.entries(MODULES.get(file)!).flatMap(([name, value]) => walk(name, value));
      const bad: string[] = [];
      for (const { name, schema, fields } of schemas) {
        for (const m of runtimeMessages(schema, fields)) if (!isValidationKey(m)) bad.push(`${name}: ${m}`);
      }
      expect(bad).toEqual([]);
    });
  }

  it("walks schemas and reads messages from them", () => {
    let schemas = 0;
    let messages = 0;
    for (const [file, exports] of MODULES) {
      for (const { schema, fields } of Object.entries(exports).flatMap(([name, value]) => walk(name, value))) {
        schemas++;
        messages += runtimeMessages(schema, fields).length;
      }
      messages += sourceMessages(file).length;
    }
    expect(schemas).toBeGreaterThan(20);
    expect(messages).toBeGreaterThan(50);
  });
});
