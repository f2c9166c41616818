import { ACTION_PATTERN } from "@/lib/activity/lists";

export interface ActionTranslator {
  (key: string): string;
  has(key: string): boolean;
}

export function actionLabel(t: ActionTranslator, action: string): string {
  if (!ACTION_PATTERN.test(action)) return action;
  const key = `actions.${action}`;
  return t.has(key) ? t(key) : action;
}
