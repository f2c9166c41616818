import { ACTION_PATTERN } from "./schemas";

// Human labels for action names. The catalog holds them as activity.actions.<group>.<verb>;
// an action the catalog does not know yet (a feature added later) shows its raw name.

export interface ActionTranslator {
  (key: string): string;
  has(key: string): boolean;
}

export function actionLabel(t: ActionTranslator, action: string): string {
  if (!ACTION_PATTERN.test(action)) return action;
  const key = `actions.${action}`;
  return t.has(key) ? t(key) : action;
}
