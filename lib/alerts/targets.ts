import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { allowsTarget, type AllowedTarget } from "@/lib/rules/target-allow-list";

// A target is judged by every address its host resolves to, and the connection pinned to those: a re-resolution inward is caught.

/** SMTP submission and relay ports; others only where the allow-list names them (or loopback in demo mode). */
export const SMTP_PORTS: readonly number[] = [25, 465, 587];

export interface Address {
  address: string;
  family: 4 | 6;
}

export interface TargetPolicy {
  allowLoopback: boolean;
  allowed: readonly AllowedTarget[];
  resolve?: (host: string) => Promise<Address[]>;
}

export interface Target {
  host: string;
  port: number;
  addresses: Address[];
  loopback: boolean;
}

export type TargetCheck =
  | { ok: true; target: Target }
  | { ok: false; reason: "inward" | "port" | "unknownHost"; /** English, for the delivery log (admins). */ detail: string };

export const STRICT_TARGETS: TargetPolicy = { allowLoopback: false, allowed: [] };

function systemResolve(host: string): Promise<Address[]> {
  return new Promise((resolve, reject) =>
    dns.lookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))),
    ),
  );
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("DNS timeout")), ms)));
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

function ipv4Compatible(address: string): boolean {
  if (net.isIP(address) !== 6) return false;
  let parts: number[];
  try {
    // Through WHATWG URL first: ipaddr.js reads "::8.8.8.8" as IPv4-mapped, where the socket goes to ::808:808.
    parts = ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1)).parts;
  } catch {
    return false;
  }
  return parts.slice(0, 6).every((part) => part === 0) && !(parts[6] === 0 && parts[7]! <= 1);
}

export function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
}

export async function checkTarget(rawHost: string, port: number, use: "http" | "smtp", policy: TargetPolicy, timeoutMs: number): Promise<TargetCheck> {
  const host = normalHost(rawHost);
  let addresses: Address[];
  const family = net.isIP(host);
  if (family) addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await withDeadline((policy.resolve ?? systemResolve)(host), timeoutMs);
    } catch (error) {
      return { ok: false, reason: "unknownHost", detail: `${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).` };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: "unknownHost", detail: `${host} has no address.` };
  const parsed = addresses.map((a) => ipaddr.process(a.address));
  const loopback = parsed.every((ip) => ip.range() === "loopback");
  for (const [i, ip] of parsed.entries()) {
    const range = ipv4Compatible(addresses[i]!.address) ? "ipv4Compatible" : ip.range();
    if (range === "unicast") continue;
    if (policy.allowLoopback && range === "loopback") continue;
    if (policy.allowed.some((entry) => allowsTarget(entry, host, ip, port))) continue;
    return { ok: false, reason: "inward", detail: `${host} is at ${addresses[i]!.address}, inside the network (${range}); ALERT_ALLOWED_TARGETS does not allow it.` };
  }
  if (use === "smtp" && !SMTP_PORTS.includes(port)) {
    const named = policy.allowed.some((entry) => entry.port === port && parsed.every((ip) => allowsTarget(entry, host, ip, port)));
    if (!named && !(policy.allowLoopback && loopback)) {
      return { ok: false, reason: "port", detail: `Port ${port} is not an SMTP port (25, 465, 587); ALERT_ALLOWED_TARGETS does not name it.` };
    }
  }
  return { ok: true, target: { host, port, addresses, loopback } };
}

export function pinnedLookup(addresses: readonly Address[]): net.LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const list = wanted.length ? wanted : addresses;
    if (options.all) (callback as (err: null, addresses: dns.LookupAddress[]) => void)(null, list.map((a) => ({ ...a })));
    else callback(null, list[0]!.address, list[0]!.family);
  };
}
