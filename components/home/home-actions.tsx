import { getTranslations } from "next-intl/server";
import { GatedButton } from "@/components/ui/gated-button";
import { cardClass } from "@/components/ui/styles";
import { can } from "@/lib/auth/roles";
import { ACTION_TARGETS } from "@/lib/palette/items";
import type { Role } from "@/lib/auth/roles";

const IMPORT_ACTIONS = { stock: "importStock", prices: "importPrices", products: "importProducts" } as const;
const IMPORT_KINDS = ["stock", "prices", "products"] as const;

// The start of a shift: the role's main actions first; what the role may not do shows disabled, its reason said once per group.
export async function HomeActions({ role }: { role: Role }) {
  const t = await getTranslations("home.actions");
  const tErp = await getTranslations("erp");
  const tWarehouses = await getTranslations("warehouses");
  const tRoles = await getTranslations("roles");
  const tHandover = await getTranslations("home.handover");
  const erpReason = can(role, "erp.run") ? null : tErp("permission.reason", { role: tRoles(role) });
  const writeReason = can(role, "warehouse.write") ? null : tWarehouses("reasons.writeRole");
  return (
    <section aria-labelledby="home-actions-title" className={`${cardClass} mb-6`} data-testid="home-actions">
      <h2 id="home-actions-title" className="text-base font-semibold">
        {t("title")}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <GatedButton variant="primary" href={ACTION_TARGETS.transfer.href} disabledReason={erpReason} showReason={false} testId="home-action-transfer">
          {t("transfer")}
        </GatedButton>
        {IMPORT_KINDS.map((kind) => (
          <GatedButton key={kind} href={ACTION_TARGETS[IMPORT_ACTIONS[kind]].href} disabledReason={erpReason} showReason={false} testId={`home-action-import-${kind}`}>
            {tErp(`imports.kinds.${kind}.start`)}
          </GatedButton>
        ))}
        <GatedButton href="/handover" disabledReason={erpReason} showReason={false} testId="home-action-handover">
          {tHandover("write")}
        </GatedButton>
        <GatedButton href={ACTION_TARGETS.newWarehouse.href} disabledReason={writeReason} showReason={false} testId="home-action-new-warehouse">
          {t("newWarehouse")}
        </GatedButton>
      </div>
      {erpReason || writeReason ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="home-actions-reasons">
          {[erpReason, writeReason].filter(Boolean).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
