// Turkish-aware: "İSTANBUL Şube" and "istanbul sube" fold alike, dotless ı to i.
export function fold(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ı/g, "i")
    .replace(/\s+/g, " ")
    .trim();
}
