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

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  productionBrowserSourceMaps: false,
  // Loaded from node_modules at run time: PGlite reads its WebAssembly and data files next to itself.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pg-boss"],
  typedRoutes: false,
  async headers() {
    return [{ source: "/:path*", headers: STATIC_SECURITY_HEADERS }];
  },
};

export default withNextIntl(nextConfig);
