export function focusWhenShown(id: string) {
  const started = Date.now();
  const tick = () => {
    const target = document.getElementById(id);
    const field = target?.querySelector<HTMLElement>("textarea, input:not([type=hidden]), button:not([disabled])");
    if (field) {
      target?.scrollIntoView({ block: "start" });
      field.focus();
    } else if (Date.now() - started < 5000) window.setTimeout(tick, 100);
  };
  window.setTimeout(tick, 50);
}
