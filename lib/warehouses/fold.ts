/**
 * Case- and accent-insensitive folding that understands Turkish letters: "İSTANBUL Şube",
 * "istanbul sube" and "ISTANBUL ŞUBE" all fold to "istanbul sube"; dotless ı folds to i.
 */
export function fold(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ı/g, "i")
    .replace(/\s+/g, " ")
    .trim();
}
