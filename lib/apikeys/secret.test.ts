import { describe, expect, it } from "vitest";
import { addressAllowed, base62, hashSecret, KEY_PREFIX, looksLikeSecret, newSecret, normaliseAllowed } from "@/lib/apikeys/secret";

describe("newSecret", () => {
  it("makes a prefixed 43-character base62 secret from 32 random bytes, with its SHA-256 and a short display prefix", () => {
    const { secret, hash, displayPrefix } = newSecret();
    expect(secret).toMatch(/^labsc_[0-9A-Za-z]{43}$/);
    expect(hash).toBe(hashSecret(secret));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(displayPrefix).toBe(secret.slice(0, KEY_PREFIX.length + 8));
    expect(looksLikeSecret(secret)).toBe(true);
  });

  it("draws 32 bytes (256 bits) from the random source", () => {
    const asked: number[] = [];
    newSecret((size) => {
      asked.push(size);
      return new Uint8Array(size).fill(7);
    });
    expect(asked).toEqual([32]);
  });

  it("uses every random byte: keys differ, and all-zero and all-ones bytes still make full-length secrets", () => {
    const seen = new Set(Array.from({ length: 200 }, () => newSecret().secret));
    expect(seen.size).toBe(200);
    expect(newSecret(() => new Uint8Array(32)).secret).toBe(`labsc_${"0".repeat(43)}`);
    const ones = newSecret(() => new Uint8Array(32).fill(255)).secret;
    expect(ones).toHaveLength(6 + 43);
    expect(newSecret(() => new Uint8Array(32).fill(254)).secret).not.toBe(ones);
  });

  it("encodes base62 as a number, most significant digit first", () => {
    expect(base62(Uint8Array.of(61), 2)).toBe("0z");
    expect(base62(Uint8Array.of(62), 2)).toBe("10");
    expect(base62(Uint8Array.of(1, 0), 3)).toBe("048");
  });

  it("hashes the whole secret (one character changes the hash)", () => {
    expect(hashSecret("labsc_a")).not.toBe(hashSecret("labsc_b"));
    expect(hashSecret("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("recognises only the console's own shape", () => {
    expect(looksLikeSecret(`labsc_${"a".repeat(42)}`)).toBe(false);
    expect(looksLikeSecret(`labsx_${"a".repeat(43)}`)).toBe(false);
    expect(looksLikeSecret(`labsc_${"a".repeat(42)}-`)).toBe(false);
  });
});

describe("allow-lists", () => {
  it("normalises IPs and networks, and refuses anything else", () => {
    expect(normaliseAllowed(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(normaliseAllowed("203.0.113.77/24")).toBe("203.0.113.0/24");
    expect(normaliseAllowed("2001:DB8:0:0::1/32")).toBe("2001:db8::/32");
    expect(normaliseAllowed("::ffff:10.1.2.3")).toBe("10.1.2.3");
    for (const bad of ["", "10.0.0", "10.0.0.256", "10.0.0.0/33", "example.com", "10.0.0.1/8/8", "0x7f.1"]) expect(normaliseAllowed(bad), bad).toBeNull();
  });

  it("admits every address when empty, else only the listed addresses and networks of the same kind", () => {
    expect(addressAllowed("198.51.100.1", [])).toBe(true);
    const list = ["203.0.113.0/24", "10.9.8.7", "2001:db8::/32"];
    expect(addressAllowed("203.0.113.200", list)).toBe(true);
    expect(addressAllowed("203.0.114.1", list)).toBe(false);
    expect(addressAllowed("10.9.8.7", list)).toBe(true);
    expect(addressAllowed("10.9.8.8", list)).toBe(false);
    expect(addressAllowed("2001:db8:1::5", list)).toBe(true);
    expect(addressAllowed("2001:db9::5", list)).toBe(false);
    expect(addressAllowed("::ffff:203.0.113.9", list)).toBe(true);
    expect(addressAllowed("unknown", list)).toBe(false);
  });
});
