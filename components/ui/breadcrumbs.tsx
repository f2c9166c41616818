import Link from "next/link";
import { useTranslations } from "next-intl";
import { linkClass } from "@/components/ui/styles";

export interface Crumb {
  label: string;
  href?: string;
}

type Section = "warehouses" | "erp" | "activity" | "team";

export function Breadcrumbs({ section, items }: { section: Section; items: Crumb[] }) {
  const t = useTranslations("breadcrumbs");
  const tNav = useTranslations("nav");
  const crumbs: Crumb[] = [{ label: tNav(section), href: `/${section}` }, ...items];
  return (
    <nav aria-label={t("label")} className="mb-2 text-sm" data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-1 text-slate-700 dark:text-slate-300">
        {crumbs.map((item, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${item.label}`} className="flex items-center gap-1">
              {i > 0 ? (
                <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
                  ›
                </span>
              ) : null}
              {last ? (
                <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
                  {item.label}
                </span>
              ) : item.href ? (
                <Link href={item.href} className={linkClass}>
                  {item.label}
                </Link>
              ) : (
                <span>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
