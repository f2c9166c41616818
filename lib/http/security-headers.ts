// The pages' CSP (scripts by per-request nonce; inline styles for React style attributes and toasts); other headers are in next.config.mjs.
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean; formActions?: string[] }): string {
  const formAction = ["'self'", ...(options.formActions ?? [])].join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
