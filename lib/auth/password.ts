import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

// Salted scrypt hashes ("scrypt$N$r$p$salt$hash"); an unknown email costs the same time (verifyAgainstNothing).

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize("NFKC"), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEM });
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword("no-such-member");
  await verifyPassword(password, await dummy);
  return false;
}

export type PasswordWeakness = "common" | "guessable";

/** zxcvbn's score from 0 to 4; 4 means more than 10^10 guesses (3, 10^8, let `Summer2026!!` and `Aaaaaaaaaaa1!` through). */
const MIN_SCORE = 4;

type Checker = { check(password: string, userInputs?: (string | number)[]): { score: number; sequence: { pattern: string; dictionaryName?: string; token: string }[] } };
let checker: Promise<Checker> | undefined;

// Loaded on the first new password, never at start: the lists are over 1 MB and only the server reads them.
function strengthChecker(): Promise<Checker> {
  checker ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return checker;
}

export async function passwordWeakness(password: string, userInputs: string[] = []): Promise<PasswordWeakness | null> {
  const result = (await strengthChecker()).check(password, userInputs);
  if (result.score >= MIN_SCORE) return null;
  const [only] = result.sequence;
  return result.sequence.length === 1 && only?.pattern === "dictionary" && only.dictionaryName === "passwords-common" ? "common" : "guessable";
}
