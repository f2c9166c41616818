"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { useForm, useWatch, type FieldError } from "react-hook-form";
import { setFieldErrors } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toast";
import { alertClass, buttonClass } from "@/components/ui/styles";
import { saveRuleBreak, WAREHOUSE_FIELDS } from "@/lib/rules/warehouse";
import { isProblemError } from "@/lib/swr/fetcher";
import { createWarehouseRequest, updateWarehouseRequest, useRevalidateWarehouses } from "@/lib/warehouses/client";
import { useCodeCheck } from "@/lib/warehouses/code-check";
import { withListQuery } from "@/lib/warehouses/lists";
import { lazyZodResolver } from "@/lib/forms/lazy-resolver";
import type { CreateWarehouseBody, CreateWarehouseInput, Warehouse, WarehouseConflict, WarehouseValues, WarehouseWriteResult } from "@/lib/warehouses/schemas";
import { ConflictPanel } from "@/components/warehouses/conflict-panel";
import { MakeDefaultDialog } from "@/components/warehouses/make-default-dialog";
import { changedValues, snapshotOf } from "@/components/warehouses/rules";
import { useUnsavedChangesGuard } from "@/components/warehouses/use-unsaved-changes-guard";
import { useCodeText, useFieldErrors } from "@/components/ui/use-code-text";
import { isTransientFailure, useWarehouseProblemText } from "@/components/warehouses/use-warehouse-text";
import { CodeCheckText, Field } from "@/components/warehouses/warehouse-fields";

type FormValues = CreateWarehouseInput;

// The handler's schema checks the form; it loads once the form is on screen, not with the page.
const warehouseResolver = lazyZodResolver<FormValues, CreateWarehouseBody>(() => import("@/lib/warehouses/schemas").then((m) => m.createWarehouseBodySchema));

const EMPTY: FormValues = { name: "", code: "", erpWarehouseId: "", isActive: true, isDefault: false };

const toFormValues = (v: WarehouseValues): FormValues => ({
  name: v.name,
  code: v.code,
  erpWarehouseId: v.erpWarehouseId ?? "",
  isActive: v.isActive,
  isDefault: v.isDefault,
});

interface Failure {
  text: string;
  transient: boolean;
  /** No answer in time: the platform may have saved it, so "nothing was saved" would be a guess. */
  uncertain: boolean;
}

const noSubscription = () => () => {};

export function WarehouseForm({ warehouse }: { warehouse?: Warehouse }) {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const t = useTranslations("warehouses");
  const router = useRouter();
  const problemText = useWarehouseProblemText();
  const say = useCodeText();
  const fieldTexts = useFieldErrors();
  const revalidate = useRevalidateWarehouses();
  const id = useId();
  const editing = warehouse !== undefined;

  const [loaded, setLoaded] = useState<WarehouseValues | null>(warehouse ? snapshotOf(warehouse) : null);
  const form = useForm<FormValues, unknown, CreateWarehouseBody>({
    resolver: warehouseResolver.resolver,
    defaultValues: loaded ? toFormValues(loaded) : EMPTY,
    // Not on blur: an error appearing then would push the submit button away between mouse-down and mouse-up.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  useEffect(() => warehouseResolver.preload(), []);
  const { register, handleSubmit, control, setError, reset, setValue, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;

  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [conflict, setConflict] = useState<{ conflict: WarehouseConflict; values: CreateWarehouseBody } | null>(null);
  const [confirming, setConfirming] = useState<CreateWarehouseBody | null>(null);
  const guardDialog = useUnsavedChangesGuard(isDirty && !saved);

  const code = useWatch({ control, name: "code" }) ?? "";
  const isDefault = useWatch({ control, name: "isDefault" }) ?? false;
  const codeCheck = useCodeCheck(code, warehouse?.id);
  const list = useSearchParams().get("list") ?? "";
  const codeUnchanged = loaded !== null && code.trim() === loaded.code;
  const loadedDefault = loaded?.isDefault === true;

  const finish = (w: Warehouse, message: string, warning?: WarehouseWriteResult["warning"]) => {
    setSaved(true);
    toast.success(message);
    if (warning === "defaultNotSettled") toast.warning(t("toast.defaultNotSettled", { name: w.name }), { duration: Infinity });
    void revalidate();
    router.push(withListQuery(`/warehouses/${w.id}`, list));
  };

  const onFailure = (error: unknown, values: CreateWarehouseBody) => {
    if (isProblemError(error)) {
      const problem = error.problem;
      if (problem.status === 409 && problem.conflict) {
        setConflict({ conflict: problem.conflict as WarehouseConflict, values });
        return;
      }
      if (setFieldErrors(fieldTexts(error), WAREHOUSE_FIELDS, setError)) return;
    }
    setFailure({
      text: problemText(error),
      transient: isTransientFailure(error),
      uncertain: isProblemError(error) && error.problem.code === "upstream_timeout",
    });
  };

  const save = async (values: CreateWarehouseBody, base: WarehouseValues | null) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setFailure(null);
    try {
      if (!warehouse || !base) {
        const { warehouse: created, warning } = await createWarehouseRequest(values);
        finish(created, t("toast.created", { name: created.name }), warning);
        return;
      }
      const changes = changedValues(base, { ...values, erpWarehouseId: values.erpWarehouseId ?? null });
      if (Object.keys(changes).length === 0) {
        finish(warehouse, t("toast.unchanged", { name: warehouse.name }));
        return;
      }
      const { warehouse: updated, warning } = await updateWarehouseRequest(warehouse.id, { ...changes, expected: base });
      finish(updated, t("toast.updated", { name: updated.name }), warning);
    } catch (error) {
      onFailure(error, values);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  const onValid = (values: CreateWarehouseBody) => {
    if (inFlight.current) return;
    setConflict(null);
    const broken = saveRuleBreak(values);
    if (broken) {
      setError(broken.field, { type: "rule", message: `validation.warehouses.${broken.key}` }, { shouldFocus: true });
      return;
    }
    if (values.isDefault && !loadedDefault) {
      setConfirming(values);
      return;
    }
    return save(values, loaded);
  };

  const keepMine = () => {
    if (!conflict) return;
    const theirs = snapshotOf(conflict.conflict.theirs);
    const yours = conflict.conflict.yours;
    setLoaded(theirs);
    reset(toFormValues(theirs));
    for (const field of WAREHOUSE_FIELDS) {
      const value = yours[field];
      if (value !== undefined) setValue(field, field === "erpWarehouseId" ? (value ?? "") : value, { shouldDirty: true });
    }
    setConflict(null);
    void save({ ...conflict.values, ...theirs, ...yours }, theirs);
  };

  const takeTheirs = () => {
    if (!conflict) return;
    const theirs = snapshotOf(conflict.conflict.theirs);
    setLoaded(theirs);
    reset(toFormValues(theirs));
    setConflict(null);
    setFailure(null);
    toast.info(t("conflict.tookTheirs"));
  };

  const busy = pending || isSubmitting;
  // A server's message comes already said (useFieldErrors); the form's own are catalog keys.
  const fieldError = (error: FieldError | undefined) =>
    !error ? null : error.type === "server" ? (error.message ?? null) : (say({ code: error.message || "validation.warehouses.invalid" }) ?? error.message ?? null);

  const nameError = fieldError(errors.name);
  const codeError = fieldError(errors.code);
  const erpError = fieldError(errors.erpWarehouseId);
  const activeError = fieldError(errors.isActive);
  const defaultError = fieldError(errors.isDefault);
  const showCodeCheck = !codeError && code.trim() !== "" && !codeUnchanged;

  return (
    <div className="max-w-2xl">
      {conflict && loaded ? (
        <ConflictPanel conflict={conflict.conflict} loaded={loaded} pending={busy} onKeepMine={keepMine} onTakeTheirs={takeTheirs} />
      ) : null}
      {failure ? (
        <div role="alert" data-testid="form-error" className={`${alertClass.error} mb-6`}>
          <p className="font-semibold">{failure.uncertain ? t("form.saveUncertain") : t("form.saveFailed")}</p>
          <p className="mt-1 text-sm">{failure.text}</p>
          {failure.transient ? <p className="mt-1 text-sm">{t("form.keptTyped")}</p> : null}
        </div>
      ) : null}

      <form
        noValidate
        data-testid="warehouse-form"
        aria-busy={busy || undefined}
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        onSubmit={(e) => {
          setFailure(null);
          void handleSubmit(onValid)(e);
        }}
      >
        {/* Closed until the form runs: typing before hydration would be overwritten by the form's defaults. */}
        <fieldset disabled={!hydrated} className="min-w-0 space-y-5">
        <Field id={`${id}-name`} label={t("fields.name")} required error={nameError} errorTestId="name-error" input={{ autoComplete: "off", ...register("name") }} />
        <Field
          id={`${id}-code`}
          label={t("fields.code")}
          required
          mono
          error={codeError}
          errorTestId="code-error"
          help={t("form.codeHelp")}
          status={{ shown: showCodeCheck, testId: "code-check", node: showCodeCheck ? <CodeCheckText check={codeCheck} /> : null }}
          input={{ autoComplete: "off", spellCheck: false, ...register("code") }}
        />
        <Field
          id={`${id}-erp`}
          label={t("fields.erpWarehouseId")}
          mono
          error={erpError}
          errorTestId="erp-error"
          help={t("form.erpHelp")}
          input={{ autoComplete: "off", spellCheck: false, ...register("erpWarehouseId") }}
        />

        <fieldset className="space-y-4">
          <legend className="text-sm font-medium">{t("form.flags")}</legend>
          <Field id={`${id}-active`} checkbox label={t("fields.isActive")} error={activeError} errorTestId="active-error" help={t("form.activeHelp")} input={register("isActive")} />
          <Field
            id={`${id}-default`}
            checkbox
            label={t("fields.isDefault")}
            error={defaultError}
            errorTestId="default-error"
            help={loadedDefault ? t("form.defaultLocked") : isDefault ? t("form.defaultWillReplace") : t("form.defaultHelp")}
            input={{
              "aria-disabled": loadedDefault || undefined,
              ...register("isDefault"),
              onClick: (e) => {
                // Never unset here: the default stays default until another warehouse takes over.
                if (loadedDefault) e.preventDefault();
              },
            }}
          />
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-700">
          <button type="submit" className={buttonClass.primary} disabled={busy} aria-busy={busy || undefined} data-testid="form-submit">
            {busy ? t("form.saving") : editing ? t("form.saveChanges") : t("form.create")}
          </button>
          <Link href={warehouse ? `/warehouses/${warehouse.id}` : "/warehouses"} className={buttonClass.secondary}>
            {t("form.cancel")}
          </Link>
          {isDirty && !saved ? <span className="text-sm text-slate-700 dark:text-slate-300">{t("form.unsaved")}</span> : null}
        </div>
        </fieldset>
      </form>

      <MakeDefaultDialog
        open={confirming !== null}
        name={confirming?.name ?? ""}
        warehouseId={warehouse?.id}
        onCancel={() => setConfirming(null)}
        onConfirm={async () => {
          const values = confirming;
          setConfirming(null);
          if (values) await save(values, loaded);
          return null;
        }}
      />
      {guardDialog}
    </div>
  );
}
