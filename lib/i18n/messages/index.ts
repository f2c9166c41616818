import enActivity from "./en/activity.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enErp from "./en/erp.json";
import enProblems from "./en/problems.json";
import enTeam from "./en/team.json";
import enValidation from "./en/validation.json";
import enWarehouses from "./en/warehouses.json";
import trActivity from "./tr/activity.json";
import trAuth from "./tr/auth.json";
import trCommon from "./tr/common.json";
import trErp from "./tr/erp.json";
import trProblems from "./tr/problems.json";
import trTeam from "./tr/team.json";
import trValidation from "./tr/validation.json";
import trWarehouses from "./tr/warehouses.json";
import type { Locale } from "../config";

// One catalog file per feature and language, so features can grow their texts independently.
// Each file's top-level keys are namespaces; files must not share a namespace.
export const CATALOG_FILES = {
  en: { common: enCommon, auth: enAuth, team: enTeam, activity: enActivity, warehouses: enWarehouses, erp: enErp, problems: enProblems, validation: enValidation },
  tr: { common: trCommon, auth: trAuth, team: trTeam, activity: trActivity, warehouses: trWarehouses, erp: trErp, problems: trProblems, validation: trValidation },
} as const;

export function messagesFor(locale: Locale): Record<string, unknown> {
  return Object.assign({}, ...Object.values(CATALOG_FILES[locale]));
}
