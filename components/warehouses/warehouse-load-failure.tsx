"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition, type ReactNode } from "react";
import { alertClass, buttonClass } from "@/components/ui/styles";

export type LoadFailure = "timeout" | "auth" | "unavailable";

export function FailureAlert({
  testId,
  title,
  children,
  texts,
  onRetry,
  pending,
  className = "",
}: {
  testId: string;
  title: ReactNode;
  children: ReactNode;
  texts: { retry: string; back: string };
  onRetry: () => void;
  pending?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" data-testid={testId} className={`${alertClass.error} ${className}`.trim()}>
      {title}
      {children}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={buttonClass.primary} disabled={pending} aria-busy={pending || undefined} onClick={onRetry}>
          {texts.retry}
        </button>
        <Link href="/warehouses" className={buttonClass.secondary}>
          {texts.back}
        </Link>
      </div>
    </div>
  );
}

// A failing platform is not a missing warehouse: say so and offer a retry.
export function WarehouseLoadFailure({ reason }: { reason: LoadFailure }) {
  const t = useTranslations("warehouses.loadFailure");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <FailureAlert
      testId="warehouse-load-failure"
      title={<h2 className="text-lg font-semibold">{t("title")}</h2>}
      texts={{ retry: t("retry"), back: t("back") }}
      pending={pending}
      onRetry={() => startTransition(() => router.refresh())}
    >
      <p className="mt-1">{t(reason)}</p>
    </FailureAlert>
  );
}
