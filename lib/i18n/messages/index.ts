import enActivity from "@/lib/i18n/messages/en/activity.json";
import enAuth from "@/lib/i18n/messages/en/auth.json";
import enCommon from "@/lib/i18n/messages/en/common.json";
import enErp from "@/lib/i18n/messages/en/erp.json";
import enProblems from "@/lib/i18n/messages/en/problems.json";
import enTeam from "@/lib/i18n/messages/en/team.json";
import enValidation from "@/lib/i18n/messages/en/validation.json";
import enWarehouses from "@/lib/i18n/messages/en/warehouses.json";
import trActivity from "@/lib/i18n/messages/tr/activity.json";
import trAuth from "@/lib/i18n/messages/tr/auth.json";
import trCommon from "@/lib/i18n/messages/tr/common.json";
import trErp from "@/lib/i18n/messages/tr/erp.json";
import trProblems from "@/lib/i18n/messages/tr/problems.json";
import trTeam from "@/lib/i18n/messages/tr/team.json";
import trValidation from "@/lib/i18n/messages/tr/validation.json";
import trWarehouses from "@/lib/i18n/messages/tr/warehouses.json";
import enAlerts from "@/lib/i18n/messages/en/alerts.json";
import enHome from "@/lib/i18n/messages/en/home.json";
import enSchedules from "@/lib/i18n/messages/en/schedules.json";
import trAlerts from "@/lib/i18n/messages/tr/alerts.json";
import trHome from "@/lib/i18n/messages/tr/home.json";
import trSchedules from "@/lib/i18n/messages/tr/schedules.json";
import enPalette from "@/lib/i18n/messages/en/palette.json";
import enViews from "@/lib/i18n/messages/en/views.json";
import trPalette from "@/lib/i18n/messages/tr/palette.json";
import trViews from "@/lib/i18n/messages/tr/views.json";
import enErpOrders from "@/lib/i18n/messages/en/erp-orders.json";
import trErpOrders from "@/lib/i18n/messages/tr/erp-orders.json";
import enKeys from "@/lib/i18n/messages/en/keys.json";
import trKeys from "@/lib/i18n/messages/tr/keys.json";
import enExports from "@/lib/i18n/messages/en/exports.json";
import trExports from "@/lib/i18n/messages/tr/exports.json";
import enErpQueue from "@/lib/i18n/messages/en/erp-queue.json";
import trErpQueue from "@/lib/i18n/messages/tr/erp-queue.json";
import enErpHold from "@/lib/i18n/messages/en/erp-hold.json";
import trErpHold from "@/lib/i18n/messages/tr/erp-hold.json";
import enAlertMessages from "@/lib/i18n/messages/en/alert-messages.json";
import trAlertMessages from "@/lib/i18n/messages/tr/alert-messages.json";
import enReconcile from "@/lib/i18n/messages/en/reconcile.json";
import trReconcile from "@/lib/i18n/messages/tr/reconcile.json";
import type { Locale } from "@/lib/i18n/config";

// One catalog file per feature and language; files must not share a top-level namespace.
export const CATALOG_FILES = {
  en: { common: enCommon, auth: enAuth, team: enTeam, activity: enActivity, warehouses: enWarehouses, erp: enErp, problems: enProblems, validation: enValidation, schedules: enSchedules, alerts: enAlerts, home: enHome, palette: enPalette, views: enViews, erpOrders: enErpOrders, apiKeys: enKeys, exports: enExports, erpQueue: enErpQueue, alertMessages: enAlertMessages, erpHold: enErpHold, reconcile: enReconcile },
  tr: { common: trCommon, auth: trAuth, team: trTeam, activity: trActivity, warehouses: trWarehouses, erp: trErp, problems: trProblems, validation: trValidation, schedules: trSchedules, alerts: trAlerts, home: trHome, palette: trPalette, views: trViews, erpOrders: trErpOrders, apiKeys: trKeys, exports: trExports, erpQueue: trErpQueue, alertMessages: trAlertMessages, erpHold: trErpHold, reconcile: trReconcile },
} as const;

export function messagesFor(locale: Locale): Record<string, unknown> {
  return Object.assign({}, ...Object.values(CATALOG_FILES[locale]));
}
