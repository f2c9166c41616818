import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { isIP } from "node:net";

// The client address of a request and the hand-over from the console's HTTP server
// (scripts/server.ts) to the app. Free of "server-only" so that the server script can import it.

/** Header the console's server sets on every request: "<secret> <address>". */
export const CLIENT_IP_HEADER = "x-labs-client-ip";

/** Forwarding headers a client could forge; removed unless TRUSTED_PROXY_HOPS says a proxy sets them. */
export const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip", "forwarded"];

/** An IP address in one spelling per address (IPv4-mapped IPv6 as IPv4, IPv6 lower case), or null. */
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

/**
 * The address of the client: the socket's peer when no proxy is trusted; with `hops` trusted
 * proxies in front, the X-Forwarded-For entry that many places from the right of the chain
 * (entries, then the peer), since only entries appended by trusted proxies can be believed.
 * A chain shorter than that gives its leftmost entry. Anything that is not an IP is "unknown".
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, hops: number): string {
  if (hops <= 0 || forwardedFor === undefined) return normaliseIp(peer) ?? "unknown";
  const listed = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",").map((s) => s.trim());
  const chain = [...listed.filter((s) => s !== ""), peer ?? ""];
  const entry = chain[Math.max(0, chain.length - 1 - hops)];
  return normaliseIp(entry) ?? "unknown";
}

/** A Host (or X-Forwarded-Host) value a URL can be built from: a name or IP literal, optional port. */
export function isValidHost(value: string): boolean {
  return /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(value) && value.length <= 260;
}

// One secret per process, created by whichever side asks first. Next runs route handlers and
// server actions in the server's process, so both sides see the same value; a request that did
// not pass through the console's server cannot carry it.
const SECRET = Symbol.for("labs-console.client-ip-secret");
const globalForSecret = globalThis as unknown as { [SECRET]?: string };

function secret(): string {
  globalForSecret[SECRET] ??= randomBytes(24).toString("base64url");
  return globalForSecret[SECRET];
}

/** The value of CLIENT_IP_HEADER for an address. */
export function sealClientIp(ip: string): string {
  return `${secret()} ${ip}`;
}

/** The address in a CLIENT_IP_HEADER value, or null when the value was not set by this process. */
export function openClientIp(value: string | null | undefined): string | null {
  if (!value) return null;
  const space = value.indexOf(" ");
  if (space < 0) return null;
  const expected = Buffer.from(secret());
  const given = Buffer.from(value.slice(0, space));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return normaliseIp(value.slice(space + 1));
}

/**
 * Prepares an incoming request's headers for the app: drops client-sent forwarding headers when
 * no proxy is trusted, and sets CLIENT_IP_HEADER. False when Host, or a believed
 * X-Forwarded-Host / X-Forwarded-Proto, is malformed: the request is to be refused with 400.
 */
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
