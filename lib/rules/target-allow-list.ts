import ipaddr from "ipaddr.js";

// Plain code, no node modules: the configuration check (lib/config/env.ts) reads ALERT_ALLOWED_TARGETS with it before anything starts.

export interface AllowedTarget {
  host?: string;
  cidr?: string;
  /** Only this port; for e-mail it also opens the port beyond 25, 465 and 587. */
  port?: number;
}

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);
// WHATWG URLs and getaddrinfo read a name whose last label is a number as an IPv4 address ("2852039166", "0x7f.1").
const NUMERIC_LAST_LABEL = /(?:^|\.)(?:0x[0-9a-f]*|\d+)$/;

function splitPort(item: string): { target: string; port?: string } | null {
  if (item.startsWith("[")) {
    const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(item);
    return m ? { target: m[1]!, port: m[2] } : null;
  }
  const colons = item.split(":").length - 1;
  if (colons !== 1) return { target: item };
  const at = item.indexOf(":");
  return { target: item.slice(0, at), port: item.slice(at + 1) };
}

function canonicalCidr(target: string): string | null {
  const [address, bits, ...rest] = target.split("/");
  if (!address || rest.length) return null;
  if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return null;
  let ip = ipaddr.parse(address);
  let prefix = ip.kind() === "ipv4" ? 32 : 128;
  if (bits !== undefined) {
    if (!/^\d{1,3}$/.test(bits) || Number(bits) > prefix) return null;
    prefix = Number(bits);
  }
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress() && prefix >= 96) {
    ip = ip.toIPv4Address();
    prefix -= 96;
  }
  return `${ip.toString()}/${prefix}`;
}

export function parseTargetAllowList(value: string): { entries: AllowedTarget[]; problems: string[] } {
  const entries: AllowedTarget[] = [];
  const problems: string[] = [];
  for (const raw of value.split(",")) {
    const item = raw.trim().toLowerCase();
    if (!item) continue;
    const parts = splitPort(item);
    const port = parts?.port === undefined ? undefined : Number(parts.port);
    if (!parts || (port !== undefined && (!/^\d{1,5}$/.test(parts.port!) || port < 1 || port > 65535))) {
      problems.push(`"${raw.trim()}" is not "target" or "target:port" (a port from 1 to 65535; IPv6 in brackets, such as [fd00::1]:8443)`);
      continue;
    }
    const cidr = canonicalCidr(parts.target);
    const host = parts.target.replace(/\.$/, "");
    if (cidr) entries.push({ cidr, ...(port ? { port } : {}) });
    else if (HOST_NAME.test(host) && !NUMERIC_LAST_LABEL.test(host)) entries.push({ host, ...(port ? { port } : {}) });
    else problems.push(`"${raw.trim()}" is not a host name, an IP address (four decimal numbers for IPv4) or a CIDR range`);
  }
  return { entries, problems };
}

export function allowsTarget(entry: AllowedTarget, host: string, address: ipaddr.IPv4 | ipaddr.IPv6, port: number): boolean {
  if (entry.port !== undefined && entry.port !== port) return false;
  if (entry.host !== undefined) return entry.host === host;
  if (entry.cidr === undefined) return false;
  const range = ipaddr.parseCIDR(entry.cidr);
  return range[0].kind() === address.kind() && address.match(range);
}
