import { hkdfSync } from "node:crypto";
import { base64url, calculateJwkThumbprint, jwtDecrypt, type JWTPayload } from "jose";

// Decodes as @auth/core/jwt's `decode` does, but derives each key and decrypts each value once: a map lookup per request instead of HKDF and a JWE.

export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";

const CLOCK_TOLERANCE_S = 15;
const ENC_LENGTH: Record<string, number> = { "A256CBC-HS512": 64, A256GCM: 32 };
const MAX_DECODED = 5_000;

interface DerivedKey {
  key: Uint8Array;
  thumbprint: string;
}

const g = globalThis as unknown as { labsSessionKeys?: Map<string, Promise<DerivedKey>>; labsDecodedCookies?: Map<string, JWTPayload> };
const keys = (g.labsSessionKeys ??= new Map());
const decoded = (g.labsDecodedCookies ??= new Map());

function derivedKey(enc: string, secret: string, salt: string): Promise<DerivedKey> {
  const length = ENC_LENGTH[enc];
  if (!length) return Promise.reject(new Error("unsupported content encryption"));
  const id = `${enc}\n${salt}\n${secret}`;
  let found = keys.get(id);
  if (!found) {
    found = (async () => {
      const key = new Uint8Array(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length));
      const thumbprint = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, length === 64 ? "sha512" : "sha256");
      return { key, thumbprint };
    })();
    found.catch(() => keys.delete(id));
    keys.set(id, found);
  }
  return found;
}

/** Auth.js's rule: the `__Secure-` cookie when the site's URL (AUTH_URL, else the forwarded protocol, else https) is https. */
export function sessionCookieName(forwardedProto: string | null, env: Record<string, string | undefined> = process.env): string {
  const envUrl = env.AUTH_URL ?? env.NEXTAUTH_URL;
  let protocol: string;
  if (envUrl) protocol = new URL(envUrl).protocol;
  else {
    const detected = forwardedProto ?? "https";
    protocol = detected.endsWith(":") ? detected : `${detected}:`;
  }
  return protocol === "https:" ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function sessionCookieValue(name: string, cookies: { name: string; value: string }[]): string | null {
  const whole = cookies.find((c) => c.name === name);
  if (whole) return whole.value || null;
  const chunks = cookies
    .map((c) => ({ index: c.name.startsWith(`${name}.`) ? c.name.slice(name.length + 1) : "", value: c.value }))
    .filter((c) => /^(0|[1-9]\d{0,2})$/.test(c.index))
    .sort((a, b) => Number(a.index) - Number(b.index));
  if (chunks.length === 0 || chunks.some((c, i) => Number(c.index) !== i)) return null;
  return chunks.map((c) => c.value).join("") || null;
}

function live(payload: JWTPayload, now: number): boolean {
  return typeof payload.exp !== "number" || now < (payload.exp + CLOCK_TOLERANCE_S) * 1000;
}

export async function decodeSessionCookie(token: string, secrets: string | string[], salt: string, now = Date.now()): Promise<JWTPayload | null> {
  const cacheKey = `${salt}\n${token}`;
  const hit = decoded.get(cacheKey);
  if (hit) {
    if (live(hit, now)) return hit;
    decoded.delete(cacheKey);
    return null;
  }
  const list = Array.isArray(secrets) ? secrets : [secrets];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtDecrypt(
      token,
      async ({ kid, enc }) => {
        for (const secret of list) {
          const derived = await derivedKey(enc, secret, salt);
          if (kid === undefined || kid === derived.thumbprint) return derived.key;
        }
        throw new Error("no matching decryption secret");
      },
      { clockTolerance: CLOCK_TOLERANCE_S, currentDate: new Date(now), keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
    ));
  } catch {
    return null;
  }
  if (decoded.size >= MAX_DECODED) decoded.delete(decoded.keys().next().value!);
  decoded.set(cacheKey, payload);
  return payload;
}

export function forgetDecodedCookies(): void {
  keys.clear();
  decoded.clear();
}
