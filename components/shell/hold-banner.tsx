import Link from "next/link";
import { getLocale, getTimeZone, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/config";
import { formatDateTime } from "@/lib/i18n/datetime";
import type { HoldState } from "@/lib/hold/schemas";
import { can, type Role } from "@/lib/auth/roles";
import { breakerWhy } from "@/lib/hold/breaker";

/** Says on every page that transfers wait: since when, until when, by whom and why, and where to lift it. */
export async function HoldBanner({ hold, role }: { hold: HoldState; role: Role }) {
  const t = await getTranslations("erpHold.banner");
  const root = await getTranslations();
  const tRoles = await getTranslations("roles");
  const [locale, timeZone] = [(await getLocale()) as Locale, await getTimeZone()];
  const when = (at: string) => formatDateTime(at, locale, timeZone);
  const who = hold.by === "breaker" ? t("breaker") : (hold.person?.name || hold.person?.email || "");
  return (
    <div role="status" data-testid="hold-banner" className="bg-red-100 px-3 py-1.5 text-sm text-red-950 sm:px-4 dark:bg-red-950/60 dark:text-red-50">
      <p className="mx-auto max-w-7xl">
        <span className="font-semibold">{t("title")}</span>{" "}
        <span data-testid="hold-banner-text">
          {hold.by === "breaker" && hold.breakerDetail
            ? t("breakerSince", { since: when(hold.breakerDetail.openedAt), why: breakerWhy(root, hold.breakerDetail) })
            : `${hold.until ? t("sinceUntil", { since: when(hold.since ?? ""), until: when(hold.until), who }) : t("since", { since: when(hold.since ?? ""), who })} ${t("reason", { reason: hold.reason ?? "" })}`}
        </span>{" "}
        {can(role, "erp.run") ? (
          <Link href="/erp#transfer-hold" className="font-medium underline" data-testid="hold-banner-lift">
            {t("lift")}
          </Link>
        ) : (
          <span data-testid="hold-banner-reason">{t("viewerReason", { role: tRoles(role) })}</span>
        )}
      </p>
    </div>
  );
}
