import { getTranslations } from "next-intl/server";
import { cardClass, linkClass, tableWrapClass, theadClass } from "@/components/ui/styles";
import { PlainTable } from "@/components/data-table/plain-table";
import type { ReferenceSection } from "@/lib/openapi/reference";

// Server-rendered from the document itself, so the page ships no renderer's JavaScript and cannot drift from /api/v1/openapi.json.

const METHOD_CLASS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  POST: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  PATCH: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  DELETE: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
};

export async function ApiReference({ sections }: { sections: ReferenceSection[] }) {
  const t = await getTranslations("apiReference");
  return (
    <div className="space-y-8">
      <p className={cardClass}>
        {t("auth")} <code className="font-mono text-sm">Authorization: Bearer labsc_…</code>{" "}
        <a className={linkClass} href="/api/v1/openapi.json" data-testid="openapi-download">
          {t("download")}
        </a>
      </p>
      <nav aria-label={t("contents")} className="flex flex-wrap gap-3 text-sm">
        {sections.map((s) => (
          <a key={s.tag} className={linkClass} href={`#${slug(s.tag)}`}>
            {s.tag}
          </a>
        ))}
      </nav>
      {sections.map((s) => (
        <section key={s.tag} id={slug(s.tag)} aria-labelledby={`${slug(s.tag)}-title`} className="space-y-4">
          <h2 id={`${slug(s.tag)}-title`} className="text-xl font-semibold">
            {s.tag}
          </h2>
          {s.operations.map((op) => (
            <article key={op.id} id={op.id} className={cardClass} data-testid="api-operation">
              <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
                <span className={`rounded px-2 py-0.5 font-semibold ${METHOD_CLASS[op.method] ?? ""}`}>{op.method}</span>
                <span>/api/v1{op.path}</span>
              </h3>
              <p className="mt-2">{op.summary}</p>
              {op.description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{op.description}</p> : null}
              {op.fields.length ? (
                <div className={`mt-3 ${tableWrapClass}`}>
                  <PlainTable
                    headClassName={theadClass}
                    caption={`${op.method} /api/v1${op.path}`}
                    rows={op.fields}
                    rowKey={(f) => `${f.in}:${f.name}`}
                    rowClassName="border-t border-slate-200 dark:border-slate-700"
                    columns={[
                      { id: "name", header: t("name"), className: "font-mono break-all", cell: (f) => f.name },
                      { id: "in", header: t("in"), cell: (f) => f.in },
                      { id: "type", header: t("type"), className: "font-mono break-all", cell: (f) => f.type },
                      { id: "required", header: t("required"), cell: (f) => (f.required ? t("yes") : t("no")) },
                    ]}
                  />
                </div>
              ) : null}
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
                {t("answers")} <span className="font-mono">{op.statuses.join(", ")}</span>
              </p>
            </article>
          ))}
        </section>
      ))}
    </div>
  );
}

const slug = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
