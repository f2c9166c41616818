import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import createNextIntlPlugin from "next-intl/plugin";

// Security headers of every response; the CSP (per-request nonce) and HSTS come from proxy.ts.
const STATIC_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

// Baked in at build (lib/metrics BUILD): CONSOLE_BUILD_COMMIT where the build has no .git, else git's own answer.
function buildCommit() {
  if (process.env.CONSOLE_BUILD_COMMIT) return process.env.CONSOLE_BUILD_COMMIT;
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  productionBrowserSourceMaps: false,
  // Loaded from node_modules at run time: PGlite reads its WebAssembly and data files next to itself; exceljs is CommonJS with its own zip stack.
  serverExternalPackages: ["pg", "pg-boss", "exceljs", "prom-client", "@opentelemetry/api", "@opentelemetry/sdk-node", "@opentelemetry/sdk-trace", "@opentelemetry/exporter-trace-otlp-http", "@opentelemetry/exporter-trace-otlp-proto", "@opentelemetry/exporter-trace-otlp-grpc"],
  env: { CONSOLE_BUILD_VERSION: JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")).version, CONSOLE_BUILD_COMMIT: buildCommit() },
  typedRoutes: false,
  // `npm test` type-checks the whole tree in a stage of its own just before its build.
  typescript: { ignoreBuildErrors: process.env.CONSOLE_BUILD_SKIP_TYPECHECK === "1" },
  // No page uses next/image; lib/server/request-guard.ts refuses /_next/image, which this setting alone leaves open.
  images: { unoptimized: true },
  turbopack: {
    resolveAlias: {
      // Messages arrive compiled (lib/i18n/compiled-messages.ts), so use-intl formats them without the ICU
      // parser and intl-messageformat: about 8.6 KiB gzipped off every page. What next-intl's own
      // `precompile` option aliases, without its loader rewriting the catalog files that API code reads as text.
      "use-intl/format-message": `./${path.relative(process.cwd(), fileURLToPath(import.meta.resolve("use-intl/format-message/format-only"))).split(path.sep).join("/")}`,
    },
  },
  async headers() {
    return [{ source: "/:path*", headers: STATIC_SECURITY_HEADERS }];
  },
};

export default withNextIntl(nextConfig);
