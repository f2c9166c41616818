// A sales channel ("web" or a marketplace's name) as orders carry it and lists filter by it: stored lower-cased.

export const CHANNEL_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u;

/** Checked as written, then lower-cased: "İ" lower-cases to two code points, one of them a mark the pattern does not take. */
export function readChannel(value: string): string | null {
  const channel = value.trim();
  return CHANNEL_PATTERN.test(channel) ? channel.toLocaleLowerCase("en") : null;
}

/** A package (parcel) id as the order queue and pasted columns take it. */
export const PACKAGE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
