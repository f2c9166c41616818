import { existsSync, globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Pages' first-load JavaScript stays under 200 KiB (npm run bench): zod (30 KiB) and node:crypto's polyfill (137 KiB) load on demand only.

const HEAVY = new Set(["zod", "crypto", "node:crypto"]);
const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;

type Read = (file: string) => string | null;

function resolve(spec: string, from: string, read: Read): string | null {
  const base = spec.startsWith("@/") ? spec.slice(2) : spec.startsWith(".") ? path.posix.join(path.posix.dirname(from), spec) : null;
  if (base === null) return null;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => /\.tsx?$/.test(f) && read(f) !== null) ?? null;
}

/** Specifiers a module loads with itself: value imports and re-exports, not types and not `import()`. */
function staticImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(STATIC_IMPORT)) {
    if (m[5]) out.push(m[5]);
    else if (!m[2] && !/^\{\s*(type\s+[\w$]+(\s+as\s+[\w$]+)?\s*,?\s*)+\}$/.test(m[3]!)) out.push(m[4]!);
  }
  return out;
}

const directive = (source: string, name: string) => new RegExp(`^\\s*["']use ${name}["']`).test(source);

/** Each heavy import a page's client code reaches with the page, as the chain from the first client module to it. */
function heavyClientImports(entries: string[], read: Read): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string, client: boolean, chain: string[]) => {
    const source = read(file);
    if (source === null || directive(source, "server")) return;
    const inClient = client || directive(source, "client");
    const key = `${file}|${inClient}`;
    if (seen.has(key)) return;
    seen.add(key);
    const here = inClient ? [...chain, file] : chain;
    for (const spec of staticImports(source)) {
      if (inClient && HEAVY.has(spec)) found.add(`${here.join(" -> ")} -> ${spec}`);
      const next = resolve(spec, file, read);
      if (next) walk(next, inClient, here);
    }
  };
  for (const entry of entries) walk(entry, false, []);
  return [...found].sort();
}

describe("client bundle", () => {
  const read: Read = (f) => (existsSync(f) ? readFileSync(f, "utf8") : null);

  it("no page loads zod or node:crypto with its client code", () => {
    const entries = globSync("app/**/{page,layout,loading,error,not-found}.tsx").map((f) => f.split("\\").join("/"));
    expect(entries.length).toBeGreaterThan(15);
    expect(heavyClientImports(entries, read)).toEqual([]);
  });

  it("no form loads zod with itself, even one a page loads on demand", () => {
    const forms = globSync("components/**/*.tsx").filter((f) => /\buseForm\b/.test(readFileSync(f, "utf8")));
    expect(forms.length).toBeGreaterThanOrEqual(7);
    expect(heavyClientImports(forms.map((f) => f.split("\\").join("/")), read).filter((chain) => chain.endsWith("-> zod"))).toEqual([]);
  });

  it("follows client boundaries, re-exports and relative paths, and skips types, import() and server actions", () => {
    const files: Record<string, string> = {
      "app/page.tsx": 'import { z } from "zod";\nimport { Form } from "@/c/form";\nimport { Lazy } from "@/c/lazy";',
      "c/form.tsx": '"use client";\nimport { LIMIT } from "@/l/limits";\nimport type { Body } from "@/l/schemas";\nimport { type Other } from "@/l/schemas";\nimport { act } from "@/l/action";',
      "l/limits.ts": 'export * from "./deep";',
      "l/deep.ts": 'import { createHash } from "node:crypto";',
      "l/schemas.ts": 'import { z } from "zod";',
      "l/action.ts": '"use server";\nimport { z } from "zod";',
      "c/lazy.tsx": '"use client";\nconst s = () => import("@/l/schemas");',
    };
    const read: Read = (f) => files[f] ?? null;
    expect(heavyClientImports(["app/page.tsx"], read)).toEqual(["c/form.tsx -> l/limits.ts -> l/deep.ts -> node:crypto"]);
    files["c/lazy.tsx"] += '\nimport { schema, type Body } from "@/l/schemas";';
    expect(heavyClientImports(["app/page.tsx"], read)).toEqual(["c/form.tsx -> l/limits.ts -> l/deep.ts -> node:crypto", "c/lazy.tsx -> l/schemas.ts -> zod"]);
  });
});
