"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { MeaningBadge } from "@/components/erp/badges";
import { Tile } from "@/components/home/tile";
import { linkClass } from "@/components/ui/styles";
import { FAILURES_PATH } from "@/lib/erp/inbox/lists";
import { describeReason } from "@/lib/erp/outcomes/reasons";
import { useHomeTile } from "@/lib/home/client";

export function FailuresTile() {
  const t = useTranslations("home.failures");
  const tReasons = useTranslations("erp.reasons");
  const query = useHomeTile("failures");
  return (
    <Tile testId="home-failures" title={t("title")} link={{ href: FAILURES_PATH, label: t("link") }} query={query} isEmpty={(d) => d.open === 0} empty={t("empty")}>
      {(data) => (
        <div className="space-y-2">
          <Link href={FAILURES_PATH} prefetch={false} className={linkClass} data-testid="home-failures-open" data-count={data.open}>
            {t("open", { count: data.open })}
          </Link>
          <ul className="space-y-1 text-sm">
            {data.groups.map((g) => (
              <li key={`${g.meaning}|${g.reasonCode ?? ""}|${g.reason ?? ""}`} className="flex items-center gap-2">
                <MeaningBadge meaning={g.meaning} />
                {t("group", { count: g.count, reason: describeReason(tReasons, g) || tReasons("codes.no_reason") })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Tile>
  );
}
