import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Summarises a V8 `.cpuprofile`: self time per function and per area, bundled code mapped back through source maps.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileFunction {
  name: string;
  where: string;
  area: string;
  selfMs: number;
  selfPct: number;
}

export interface ProfileSummary {
  totalMs: number;
  busyMs: number;
  areas: { area: string; selfMs: number; busyPct: number }[];
  top: ProfileFunction[];
  inclusive: { name: string; where: string; area: string; totalMs: number; busyPct: number }[];
}

/** Areas whose inclusive time says little (everything runs under them). */
const NOT_INCLUSIVE = (area: string) => area === "next" || area.startsWith("node ") || area.startsWith("native") || area.startsWith("(") || area === "undici (fetch)";

const maps = new Map<string, SourceMap | null>();

function sourceMapFor(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    map = null;
    try {
      if (existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

function cleanSource(source: string): string {
  return source
    .replace(/^[a-z-]+:\/\/\/?/i, "")
    .replace(/^\[project\]\//, "")
    .replace(/^(\.\.\/)+/, "")
    .replace(/^\.\//, "");
}

function packageOf(p: string): string | undefined {
  const i = p.lastIndexOf("node_modules/");
  if (i === -1) return undefined;
  const parts = p.slice(i + "node_modules/".length).split("/");
  return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

function areaOf(frame: CallFrame, generated: string, source: string | undefined): string {
  if (frame.functionName === "(idle)") return "(idle)";
  if (frame.functionName === "(garbage collector)") return "(garbage collector)";
  if (frame.functionName === "(program)") return "(program)";
  const url = frame.url;
  if (url.startsWith("node:internal/deps/undici")) return "undici (fetch)";
  if (url.startsWith("node:internal/crypto") || url === "node:crypto" || url.startsWith("node:internal/worker/js_transferable")) {
    return "node crypto (webcrypto, hkdf)";
  }
  if (/^node:(?:_http|http|net|internal\/(?:http|stream_base_commons|streams|net|url|webstreams))/.test(url)) return "node http, sockets, streams";
  if (/^node:(?:async_hooks|internal\/async_hooks|internal\/async_local_storage)/.test(url)) return "node async_hooks";
  if (/^node:internal\/(?:abort_controller|event_target|timers)|^node:timers/.test(url)) return "node timers, AbortSignal";
  if (/^node:internal\/modules/.test(url)) return "node module loading";
  if (url.startsWith("node:")) return "node internals (other)";
  if (!url) {
    // Native callees without a script: socket writes, JSON, regexps, microtask runs.
    if (/^write(?:Utf8|Latin1|Buffer)String$|^writev$|^writeBuffer$/.test(frame.functionName)) return "node http, sockets, streams";
    return "native / V8 builtins";
  }
  const genPkg = packageOf(generated);
  // Next's precompiled runtime bundles React's server renderer: one area, "next".
  if (genPkg && genPkg !== "next") return genPkg;
  if (genPkg === "next") return "next";
  const srcPkg = source ? packageOf(source) : undefined;
  if (srcPkg) return srcPkg;
  if (source) {
    const [top, second] = source.split("/");
    return `console: ${second && !second.includes(".") ? `${top}/${second}` : top}`;
  }
  return "bundled (unmapped)";
}

interface Resolved {
  key: string;
  name: string;
  where: string;
  area: string;
}

function resolveFrame(frame: CallFrame, root: string): Resolved {
  let generated = frame.url;
  if (generated.startsWith("file://")) generated = fileURLToPath(generated);
  let source: string | undefined;
  let line = frame.lineNumber + 1;
  let name = frame.functionName || "(anonymous)";
  if (path.isAbsolute(generated)) {
    const map = sourceMapFor(generated);
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number; name?: string } | undefined;
    if (entry?.originalSource) {
      source = cleanSource(entry.originalSource);
      line = (entry.originalLine ?? 0) + 1;
      if (entry.name && (name === "(anonymous)" || name.length <= 2)) name = entry.name;
    }
    generated = path.relative(root, generated);
  }
  const area = areaOf(frame, generated, source);
  const where = source ? `${source}:${line}` : generated ? `${generated}:${line}` : "";
  return { key: `${name}\u0000${where}`, name, where, area };
}

export function summariseProfile(file: string, root: string, top = 20, window?: { fromUs: number; toUs: number }): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const resolved = new Map<number, Resolved>();
  const resolve = (id: number) => {
    let r = resolved.get(id);
    if (!r) {
      r = resolveFrame(nodes.get(id)!.callFrame, root);
      resolved.set(id, r);
    }
    return r;
  };

  const byFunction = new Map<string, { name: string; where: string; area: string; selfMs: number }>();
  const inclusive = new Map<string, { name: string; where: string; area: string; totalMs: number }>();
  const byArea = new Map<string, number>();
  let total = 0;
  let idle = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    at += profile.timeDeltas[i] ?? 0;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (dt <= 0 || (window && (at < window.fromUs || at > window.toUs))) continue;
    total += dt;
    const r = resolve(id);
    if (r.area === "(idle)") {
      idle += dt;
      continue;
    }
    const f = byFunction.get(r.key) ?? { name: r.name, where: r.where, area: r.area, selfMs: 0 };
    f.selfMs += dt;
    byFunction.set(r.key, f);
    byArea.set(r.area, (byArea.get(r.area) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const a = resolve(at);
      if (seen.has(a.key) || NOT_INCLUSIVE(a.area)) continue;
      seen.add(a.key);
      const e = inclusive.get(a.key) ?? { name: a.name, where: a.where, area: a.area, totalMs: 0 };
      e.totalMs += dt;
      inclusive.set(a.key, e);
    }
  }
  const busy = total - idle;
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    totalMs: round(total),
    busyMs: round(busy),
    areas: [...byArea]
      .map(([area, selfMs]) => ({ area, selfMs: round(selfMs), busyPct: round((100 * selfMs) / busy) }))
      .sort((a, b) => b.selfMs - a.selfMs),
    top: [...byFunction.values()]
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top)
      .map((f) => ({ ...f, selfMs: round(f.selfMs), selfPct: round((100 * f.selfMs) / busy) })),
    inclusive: [...inclusive.values()]
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, top)
      .map((f) => ({ ...f, totalMs: round(f.totalMs), busyPct: round((100 * f.totalMs) / busy) })),
  };
}
