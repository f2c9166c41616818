"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { alertClass, buttonClass, checkboxClass, helpTextClass, inputClass } from "@/components/ui/styles";
import { useCodeText, useFieldErrors } from "@/components/ui/use-code-text";
import { useProblemText } from "@/components/ui/use-problem-text";
import type { SavedViewList } from "@/lib/views/lists";
import { VIEW_NAME_MAX, viewNameSchema } from "@/lib/views/schemas";

// The handler's schema checks the name before sending; a taken name lands on the field and what was typed stays.

export interface ViewNameResult {
  name: string;
  isDefault: boolean;
  shared: boolean;
}

export function ViewNameDialog({
  open,
  mode,
  list,
  initialName = "",
  canPublish,
  onSubmit,
  onClose,
}: {
  open: boolean;
  mode: "create" | "rename";
  list: SavedViewList;
  initialName?: string;
  canPublish: boolean;
  onSubmit: (result: ViewNameResult) => Promise<void>;
  onClose: () => void;
}) {
  const t = useTranslations("views");
  const title = mode === "create" ? t("save.title") : t("save.renameTitle", { name: initialName });
  return (
    <Dialog
      open={open}
      title={title}
      description={mode === "create" ? t("save.description", { list: t(`lists.${list}`) }) : undefined}
      onClose={onClose}
      size="md"
      testId="view-name-dialog"
    >
      <ViewNameForm mode={mode} list={list} initialName={initialName} canPublish={canPublish} onSubmit={onSubmit} onClose={onClose} />
    </Dialog>
  );
}

function ViewNameForm({
  mode,
  list,
  initialName,
  canPublish,
  onSubmit,
  onClose,
}: {
  mode: "create" | "rename";
  list: SavedViewList;
  initialName: string;
  canPublish: boolean;
  onSubmit: (result: ViewNameResult) => Promise<void>;
  onClose: () => void;
}) {
  const t = useTranslations("views");
  const say = useCodeText();
  const fieldTexts = useFieldErrors();
  const problemText = useProblemText();
  const id = useId();
  const [name, setName] = useState(initialName);
  const [isDefault, setIsDefault] = useState(false);
  const [shared, setShared] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const nameId = `${id}-name`;
  const shareReasonId = `${id}-share-reason`;


  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setFailure(null);
    const parsed = viewNameSchema.safeParse(name);
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message ?? "validation.views.nameRequired";
      setNameError(say({ code }) ?? code);
      document.getElementById(nameId)?.focus();
      return;
    }
    setNameError(null);
    setPending(true);
    try {
      await onSubmit({ name: parsed.data, isDefault, shared: canPublish && shared });
    } catch (error) {
      const nameError = fieldTexts(error).name;
      if (nameError) {
        setNameError(nameError);
        document.getElementById(nameId)?.focus();
      } else setFailure(problemText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4" data-testid="view-name-form">
      <FormField id={nameId} label={t("save.name")} error={nameError} help={t("save.nameHelp")}>
        {(aria) => (
          <input
            {...aria}
            type="text"
            name="name"
            autoComplete="off"
            maxLength={VIEW_NAME_MAX * 2}
            className={inputClass}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
        )}
      </FormField>
      {mode === "create" ? (
        <fieldset className="space-y-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="isDefault" className={checkboxClass} checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
            {t("save.makeDefault", { list: t(`lists.${list}`) })}
          </label>
          <div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="shared"
                className={checkboxClass}
                checked={canPublish && shared}
                // Unavailable, it stays focusable with its reason as description (as GatedButton does).
                aria-disabled={canPublish ? undefined : true}
                aria-describedby={shareReasonId}
                onClick={(e) => {
                  if (!canPublish) e.preventDefault();
                }}
                onChange={(e) => setShared(canPublish && e.target.checked)}
              />
              {t("save.share")}
            </label>
            <p id={shareReasonId} className={helpTextClass} data-testid="view-share-reason">
              {canPublish ? t("save.shareHelp") : t("reasons.publishRole")}
            </p>
          </div>
        </fieldset>
      ) : null}
      {failure ? (
        <p role="alert" className={`${alertClass.error} text-sm`}>
          {failure}
        </p>
      ) : null}
      <DialogActions>
        <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={pending}>
          {t("save.cancel")}
        </button>
        <button type="submit" className={buttonClass.primary} disabled={pending} aria-busy={pending || undefined}>
          {mode === "create" ? t("save.submit") : t("save.renameSubmit")}
        </button>
      </DialogActions>
    </form>
  );
}
