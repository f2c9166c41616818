import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isIP } from "node:net";

// The client address, handed from the console's HTTP server (scripts/server.ts) to the app; no "server-only" so the script can import it.

export const CLIENT_IP_HEADER = "x-labs-client-ip";

/** Forwarding headers a client could forge; removed unless TRUSTED_PROXY_HOPS says a proxy sets them. */
export const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip", "forwarded"];

export function normaliseIp(value: string | undefined | null): string | null {
  if (!value) return null;
  let v = value.trim();
  // A proxy may add a port: "203.0.113.7:5123" or "[2001:db8::1]:443".
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(v);
  if (bracketed) v = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(v)) v = v.slice(0, v.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(v);
  if (mapped) v = mapped[1]!;
  const version = isIP(v);
  if (version === 0) return null;
  // A zone id ("%eth0") says nothing about who the client is.
  return version === 6 ? v.replace(/%.*$/, "").toLowerCase() : v;
}

/** The socket's peer, or with `hops` trusted proxies the X-Forwarded-For entry that far from the right: only their entries can be believed. */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string {
  if (hops <= 0 || forwardedFor === undefined) return normaliseIp(peer) ?? "unknown";
  const listed = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",").map((s) => s.trim());
  const chain = [...listed.filter((s) => s !== ""), peer ?? ""];
  const entry = chain[Math.max(0, chain.length - 1 - hops)];
  return normaliseIp(entry) ?? "unknown";
}

export function isValidHost(value: string): boolean {
  return /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(value) && value.length <= 260;
}

export function isLoopbackName(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return name === "localhost" || name === "::1" || /^127(?:\.\d{1,3}){3}$/.test(name);
}

export function isLoopbackHost(value: string | undefined): boolean {
  if (value === undefined || !isValidHost(value)) return false;
  return isLoopbackName(value.replace(/:\d{1,5}$/, ""));
}

// One secret per process: route handlers run in the server's process, and a request that bypassed the server cannot carry it.
const SECRET = Symbol.for("labs-console.client-ip-secret");
const globalForSecret = globalThis as unknown as { [SECRET]?: string };

function secret(): string {
  globalForSecret[SECRET] ??= randomBytes(24).toString("base64url");
  return globalForSecret[SECRET];
}

export function sealClientIp(ip: string): string {
  return `${secret()} ${ip}`;
}

export function openClientIp(value: string | null | undefined): string | null {
  if (!value) return null;
  const space = value.indexOf(" ");
  if (space < 0) return null;
  const expected = Buffer.from(secret());
  const given = Buffer.from(value.slice(0, space));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return normaliseIp(value.slice(space + 1));
}

/** Drops client-sent forwarding headers unless a proxy is trusted and sets CLIENT_IP_HEADER; false: refuse with 400 (bad Host). */
export function settleClientHeaders(headers: IncomingHttpHeaders, peer: string | undefined, hops: number): boolean {
  if (hops <= 0) for (const name of FORWARDING_HEADERS) delete headers[name];
  const forwardedHost = headers["x-forwarded-host"];
  const forwardedProto = headers["x-forwarded-proto"];
  if (
    (headers.host !== undefined && !isValidHost(headers.host)) ||
    (forwardedHost !== undefined && !isValidHost(String(forwardedHost))) ||
    (forwardedProto !== undefined && !/^https?$/.test(String(forwardedProto)))
  ) {
    return false;
  }
  headers[CLIENT_IP_HEADER] = sealClientIp(clientAddress(peer, headers["x-forwarded-for"], hops));
  return true;
}

export function clientIp(headers: Headers): string {
  return openClientIp(headers.get(CLIENT_IP_HEADER)) ?? "unknown";
}
