import { createHash, randomBytes } from "node:crypto";
import ipaddr from "ipaddr.js";

// Key secrets and client allow-lists, free of server code so the team CLI makes the same keys.

/** Secret scanners look for this prefix; keep it stable. */
export const KEY_PREFIX = "labsc_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_BYTES = 32;
/** 62^43 > 2^256, so every 32-byte value has a 43-character form. */
const BODY_LENGTH = 43;
const DISPLAY_LENGTH = KEY_PREFIX.length + 8;
const SECRET_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH}}$`);

export function base62(bytes: Uint8Array, length: number): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)]! + out;
    n /= 62n;
  }
  return out.padStart(length, "0");
}

export interface NewSecret {
  secret: string;
  hash: string;
  displayPrefix: string;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function newSecret(random: (size: number) => Uint8Array = randomBytes): NewSecret {
  const secret = KEY_PREFIX + base62(random(SECRET_BYTES), BODY_LENGTH);
  return { secret, hash: hashSecret(secret), displayPrefix: secret.slice(0, DISPLAY_LENGTH) };
}

export function looksLikeSecret(value: string): boolean {
  return SECRET_PATTERN.test(value);
}

/** An IP or CIDR in its canonical form ("10.0.0.0/8", "2001:db8::/32"), or null when it is neither. */
export function normaliseAllowed(entry: string): string | null {
  const value = entry.trim();
  try {
    if (ipaddr.isValidCIDR(value)) {
      const [address, bits] = ipaddr.parseCIDR(value);
      const network = address.kind() === "ipv4" ? ipaddr.IPv4.networkAddressFromCIDR(value) : ipaddr.IPv6.networkAddressFromCIDR(value);
      return `${address.kind() === "ipv6" ? (network as ipaddr.IPv6).toRFC5952String() : network.toString()}/${bits}`;
    }
    if (ipaddr.isValid(value) && (ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value))) {
      const address = ipaddr.process(value);
      return address.kind() === "ipv6" ? (address as ipaddr.IPv6).toRFC5952String() : address.toString();
    }
  } catch {
    return null;
  }
  return null;
}

/** An empty list admits every address; an IPv4-mapped IPv6 client counts as its IPv4 address. */
export function addressAllowed(ip: string, allowed: readonly string[]): boolean {
  if (!allowed.length) return true;
  if (!ipaddr.isValid(ip)) return false;
  const client = ipaddr.process(ip);
  return allowed.some((entry) => {
    const [network, bits] = entry.includes("/") ? ipaddr.parseCIDR(entry) : [ipaddr.process(entry), client.kind() === "ipv4" ? 32 : 128];
    return network.kind() === client.kind() && client.match(network, bits);
  });
}
