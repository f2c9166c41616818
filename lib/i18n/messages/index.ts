import enActivity from "./en/activity.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enTeam from "./en/team.json";
import trActivity from "./tr/activity.json";
import trAuth from "./tr/auth.json";
import trCommon from "./tr/common.json";
import trTeam from "./tr/team.json";
import type { Locale } from "../config";

// One catalog file per feature and language, so features can grow their texts independently.
// Each file's top-level keys are namespaces; files must not share a namespace.
export const CATALOG_FILES = {
  en: { common: enCommon, auth: enAuth, team: enTeam, activity: enActivity },
  tr: { common: trCommon, auth: trAuth, team: trTeam, activity: trActivity },
} as const;

export function messagesFor(locale: Locale): Record<string, unknown> {
  return Object.assign({}, ...Object.values(CATALOG_FILES[locale]));
}
