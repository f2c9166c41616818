// The one secret redactor (log and upstream client), plain JavaScript so it runs anywhere.

/** Shorter base64 fragments would match ordinary text; tokens are long. */
const MIN_FRAGMENT = 8;
/** Below this a value is no secret worth matching (it would cut ordinary words). */
const MIN_SECRET = 4;

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The forms a secret can be echoed in (as is, URL-encoded, base64/base64url at any alignment), longest first so none cuts another. */
export function secretForms(secret: string): string[] {
  if (secret.length < MIN_SECRET) return [];
  const bytes = new TextEncoder().encode(secret);
  const forms = new Set([secret, encodeURIComponent(secret)]);
  for (const offset of [0, 1, 2]) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const std = base64(padded).replace(/=+$/, "");
    // Only the characters that depend on the secret's bytes alone.
    const fragment = std.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    for (const f of [fragment, fragment.replace(/\+/g, "-").replace(/\//g, "_")]) if (f.length >= MIN_FRAGMENT) forms.add(f);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

export const REDACTED = "[redacted]";

export class Redactor {
  private forms: string[] = [];

  add(secret: string | undefined): void {
    if (!secret) return;
    this.forms = [...new Set([...this.forms, ...secretForms(secret)])].sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = text;
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out.replace(/(bearer\s+)[^\s"',]+/gi, `$1${REDACTED}`);
  }
}
