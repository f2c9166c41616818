// Offsets and abbreviations are refused even where Intl takes them: a zone follows its daylight-saving rules, an offset does not.
const IANA_NAME = /^(?:UTC|[A-Za-z][A-Za-z_-]*(?:\/[A-Za-z0-9_+-]+)+)$/;

export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64 || !IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
