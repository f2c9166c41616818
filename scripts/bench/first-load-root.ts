import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

// What the shared first-load JavaScript (build-manifest rootMainFiles) is made of, each module group gzipped on its own.

export interface RootGroup {
  group: string;
  modules: number;
  rawBytes: number;
  gzipBytes: number;
}

export interface RootBreakdown {
  shippedGzipBytes: number;
  groups: RootGroup[];
}

const TURBOPACK_PUSH = "(globalThis.TURBOPACK||(globalThis.TURBOPACK=[]))";

function groupOf(source: string): string {
  if (/createFromReadableStream|Connection closed/.test(source)) return "react-server-dom (RSC client)";
  if (/react\.dev\/errors/.test(source)) return source.length > 100_000 ? "react-dom (client)" : "react-dom (shared)";
  if (/react\.transitional\.element/.test(source) && source.length < 12_000) return "react";
  if (/unstable_scheduleCallback|unstable_now/.test(source)) return "scheduler";
  return "next (app router runtime, built-in client components, polyfill module)";
}

/** Module factories of a Turbopack chunk: its push([script, id, factory, id, factory, ...]) evaluated with a stub. */
function chunkModules(source: string): string[] {
  const pushed: unknown[][] = [];
  const stub = { push: (entry: unknown[]) => pushed.push(entry) };
  new Function("TURBOPACK", source.replace(TURBOPACK_PUSH, "TURBOPACK"))(stub);
  const modules: string[] = [];
  for (const entry of pushed) {
    for (let i = 1; i < entry.length - 1; i++) {
      if (typeof entry[i] === "number" && typeof entry[i + 1] === "function") {
        modules.push(String(entry[i + 1]));
        i++;
      }
    }
  }
  return modules;
}

export function rootChunkBreakdown(root: string): RootBreakdown {
  const dotNext = path.join(root, ".next");
  const { rootMainFiles } = JSON.parse(readFileSync(path.join(dotNext, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const sources = new Map<string, string[]>();
  let shippedGzipBytes = 0;
  for (const file of rootMainFiles) {
    const bytes = readFileSync(path.join(dotNext, file));
    shippedGzipBytes += gzipSync(bytes).length;
    const source = bytes.toString("utf8");
    const list = source.startsWith(TURBOPACK_PUSH) ? chunkModules(source).map((m) => [groupOf(m), m] as const) : [["turbopack runtime", source] as const];
    for (const [group, text] of list) sources.set(group, [...(sources.get(group) ?? []), text]);
  }
  const groups = [...sources].map(([group, texts]) => {
    const joined = Buffer.from(texts.join("\n"));
    return { group, modules: texts.length, rawBytes: joined.length, gzipBytes: gzipSync(joined).length };
  });
  groups.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { shippedGzipBytes, groups };
}
