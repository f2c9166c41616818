// A sales channel ("web" or a marketplace's name) as orders carry it and lists filter by it: stored lower-cased.

export const CHANNEL_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u;

export function readChannel(value: string): string | null {
  const channel = value.trim().toLocaleLowerCase("en");
  return CHANNEL_PATTERN.test(channel) ? channel : null;
}
