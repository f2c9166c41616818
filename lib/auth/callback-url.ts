/** Only a path on this console may be a post-sign-in destination (no open redirects); else the home page, where a shift starts. */
export function safeCallbackUrl(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  if (value === "/login" || value.startsWith("/login?") || value.startsWith("/api/")) return fallback;
  return value;
}
