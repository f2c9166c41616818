import type { Role } from "@/lib/auth/roles";

// The SSO allow-list, `pattern:role` items ("boss@acme.com:admin, @acme.com:viewer"); an exact email wins over its domain.

export interface AllowEntry {
  pattern: string;
  role: Role;
}

const ROLE_NAMES = new Set(["viewer", "operator", "admin"]);

export function parseAllowList(value: string): { entries: AllowEntry[]; problems: string[] } {
  const entries: AllowEntry[] = [];
  const problems: string[] = [];
  for (const raw of value.split(",")) {
    const item = raw.trim();
    if (!item) continue;
    const at = item.lastIndexOf(":");
    const pattern = (at > 0 ? item.slice(0, at) : "").trim().toLowerCase();
    const role = (at > 0 ? item.slice(at + 1) : "").trim().toLowerCase();
    const validPattern =
      /^[\x20-\x7E]+$/.test(item) && (/^[^\s@:]+@[^\s@:]+\.[^\s@:]+$/.test(pattern) || /^@[^\s@:]+\.[^\s@:]+$/.test(pattern));
    if (!validPattern || !ROLE_NAMES.has(role)) {
      problems.push(`"${item}" is not "email:role" or "@domain:role" (roles: viewer, operator, admin)`);
      continue;
    }
    entries.push({ pattern, role: role as Role });
  }
  return { entries, problems };
}

export function roleForEmail(entries: readonly AllowEntry[], email: string): Role | null {
  // ASCII only, before folding: "\u212A" (Kelvin sign) would lower-case to "k".
  if (!/^[\x21-\x7E]+$/.test(email.trim())) return null;
  const e = email.trim().toLowerCase();
  const exact = entries.find((x) => x.pattern === e);
  if (exact) return exact.role;
  const domain = e.slice(e.lastIndexOf("@"));
  if (domain.length < 2) return null;
  return entries.find((x) => x.pattern === domain)?.role ?? null;
}
