// `npm run build` (and `npm start` when dist/ is missing or older than its sources): the processes of the
// running stack as plain JavaScript in dist/, run by node itself; packages stay in node_modules.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const META = path.join(dist, "inputs.json");
export const ENTRIES = { start: "scripts/start.ts", server: "scripts/server.ts", emulator: "emulator/main.ts", "store-copy": "scripts/store-copy.ts" };

function stale() {
  if (!existsSync(META)) return "missing";
  const meta = JSON.parse(readFileSync(META, "utf8"));
  const builtAt = statSync(META).mtimeMs;
  if (Object.keys(ENTRIES).some((name) => !existsSync(path.join(dist, `${name}.mjs`)))) return "missing";
  for (const input of meta.inputs) {
    const file = path.join(root, input);
    if (!existsSync(file) || statSync(file).mtimeMs > builtAt) return `older than ${input}`;
  }
  return null;
}

// A package without an `exports` map takes no extensionless deep import under node's ESM loader: name the file.
const deepImports = {
  name: "deep-imports",
  setup(build) {
    build.onResolve({ filter: /^(@[^/]+\/)?[^./@][^/]*\/./ }, (args) => {
      const name = args.path.split("/").slice(0, args.path.startsWith("@") ? 2 : 1).join("/");
      const require = createRequire(path.join(args.resolveDir, "index.js"));
      let manifest;
      try {
        manifest = require.resolve(`${name}/package.json`);
      } catch {
        return undefined;
      }
      if (JSON.parse(readFileSync(manifest, "utf8")).exports) return undefined;
      return { path: `${name}/${path.relative(path.dirname(manifest), require.resolve(args.path)).split(path.sep).join("/")}`, external: true };
    });
  },
};

async function build() {
  const { build: esbuild } = await import("esbuild");
  rmSync(dist, { recursive: true, force: true });
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: dist,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    // Dynamic imports stay lazy (Next loads only after the server has set NODE_ENV), so each becomes its own chunk.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    plugins: [deepImports],
    metafile: true,
    logLevel: "warning",
  });
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("node_modules/"));
  writeFileSync(META, `${JSON.stringify({ inputs: [...inputs, "package.json", "tsconfig.json", "scripts/build-runtime.mjs"] }, null, 1)}\n`);
}

const why = process.argv.includes("--if-stale") ? stale() : "asked";
if (why) {
  const t0 = performance.now();
  await build();
  console.log(`Built the runtime (${Object.keys(ENTRIES).map((name) => `dist/${name}.mjs`).join(", ")}) in ${Math.round(performance.now() - t0)} ms${why === "asked" ? "" : ` (${why})`}.`);
}
