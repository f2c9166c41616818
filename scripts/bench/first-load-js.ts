import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

// First-load JavaScript per page from the build output: root chunks plus the page tree's chunks (nomodule polyfills left out).

export interface PageJs {
  route: string;
  chunks: number;
  rawBytes: number;
  gzipBytes: number;
}

export interface FirstLoadJs {
  shared: { chunks: number; rawBytes: number; gzipBytes: number };
  pages: PageJs[];
}

export function firstLoadJs(root: string): FirstLoadJs {
  const dotNext = path.join(root, ".next");
  const buildManifest = JSON.parse(readFileSync(path.join(dotNext, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const appPaths = JSON.parse(readFileSync(path.join(dotNext, "server", "app-paths-manifest.json"), "utf8")) as Record<string, string>;
  const routes = JSON.parse(readFileSync(path.join(dotNext, "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;

  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const bytes = readFileSync(path.join(dotNext, file));
      s = { raw: bytes.length, gzip: gzipSync(bytes).length };
      sizes.set(file, s);
    }
    return s;
  };
  const total = (files: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    let chunks = 0;
    for (const f of files) {
      const s = size(f);
      raw += s.raw;
      gzip += s.gzip;
      chunks++;
    }
    return { chunks, rawBytes: raw, gzipBytes: gzip };
  };

  const pages: PageJs[] = [];
  for (const appPath of Object.keys(appPaths)) {
    if (!appPath.endsWith("/page") || appPath.startsWith("/_global-error")) continue;
    const manifestFile = path.join(dotNext, "server", "app", `${appPath}_client-reference-manifest.js`);
    if (!existsSync(manifestFile)) continue;
    const context = vm.createContext({});
    vm.runInContext(readFileSync(manifestFile, "utf8"), context);
    const manifest = (context as { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> }).__RSC_MANIFEST?.[appPath];
    const files = new Set(buildManifest.rootMainFiles);
    for (const list of Object.values(manifest?.entryJSFiles ?? {})) for (const f of list) files.add(f);
    pages.push({ route: routes[appPath] ?? appPath, ...total(files) });
  }
  pages.sort((a, b) => a.route.localeCompare(b.route));
  return { shared: total(buildManifest.rootMainFiles), pages };
}
