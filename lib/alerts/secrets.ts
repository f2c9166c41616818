import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { Redactor } from "@/lib/rules/secrets";

// Channel secrets at rest: AES-256-GCM, its key from AUTH_SECRET by HKDF-SHA256 with its own "info" (used for nothing else).

export interface ChannelSecrets {
  url?: string;
  signingSecret?: string;
  smtpPassword?: string;
}

const INFO = "labs-console/alert-channel-secrets/v1";

function keyFrom(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(authSecret, "utf8"), Buffer.alloc(0), INFO, 32));
}

export function sealSecrets(secrets: ChannelSecrets, authSecret: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(authSecret), iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Opens a sealed value; throws when it was sealed with another key or for another channel (the AAD is the channel id). */
export function openSecrets(sealed: string, authSecret: string, aad: string): ChannelSecrets {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("unknown sealed secret format");
  const decipher = createDecipheriv("aes-256-gcm", keyFrom(authSecret), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  return JSON.parse(text) as ChannelSecrets;
}

const DOTS = "••••";

function lastFour(value: string): string {
  return value.length >= 12 ? value.slice(-4) : "";
}

export function maskUrl(value: string): string {
  try {
    const url = new URL(value);
    const tail = lastFour(url.pathname + url.search);
    return `${url.protocol}//${url.host}/…/${DOTS}${tail}`;
  } catch {
    return DOTS;
  }
}

export function maskSecret(value: string): string {
  return `${DOTS}${lastFour(value)}`;
}

/** A path segment or query value worth redacting alone: 8+ characters and no ordinary word (that would cut a receiver's answer). */
function secretLike(part: string): boolean {
  if (part.length < 8) return false;
  return /[^A-Za-z\-_.]/.test(part) || (/[a-z]/.test(part) && /[A-Z]/.test(part)) || /[A-Za-z]{16,}/.test(part);
}

export function channelRedactor(secrets: ChannelSecrets): Redactor {
  const r = new Redactor();
  if (secrets.url) {
    r.add(secrets.url);
    try {
      const url = new URL(secrets.url);
      r.add(url.pathname.length > 1 ? url.pathname : undefined);
      r.add(url.search.length > 1 ? url.search.slice(1) : undefined);
      for (const segment of url.pathname.split("/")) if (secretLike(segment)) r.add(segment);
      for (const [, value] of url.searchParams) if (secretLike(value)) r.add(value);
    } catch {
      // not a URL: the whole value is redacted already
    }
  }
  r.add(secrets.signingSecret);
  r.add(secrets.smtpPassword);
  return r;
}
