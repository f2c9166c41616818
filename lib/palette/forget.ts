// The palette's storage is the signed-in member's: under a key of theirs, forgotten when a session ends here (no zod).

/** Every key the palette writes starts with this; "labs.palette.recent" alone was the key before it was per member. */
export const PALETTE_STORAGE_PREFIX = "labs.palette.";

/** The member's key: a hash of their email, so one member never reads another's and no address sits in storage. */
export function recentStorageKey(member: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(member.trim().toLowerCase())) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return `${PALETTE_STORAGE_PREFIX}recent.${hash.toString(16).padStart(8, "0")}`;
}

type ForgettingStorage = Pick<Storage, "length" | "key" | "removeItem">;

export function forgetPalette(storage: ForgettingStorage | null | undefined): void {
  try {
    if (!storage) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PALETTE_STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage switched off: nothing was kept.
  }
}

export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
