import { useEffect, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { SHORTCUTS } from "@/lib/shortcuts";

/** The `?` list of keyboard shortcuts: a dialog that takes the focus, keeps it, closes with Escape,
 * and gives the focus back to where it was. */
export function ShortcutsHelp({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    return () => before?.focus();
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === "Tab") {
      e.preventDefault(); // Close is the one control: the focus stays in the dialog
      close.current?.focus();
    }
  };
  return (
    <div role="dialog" aria-modal="true" aria-label={t("run.shortcuts.title")} className="shortcuts-help" onKeyDown={onKeyDown}>
      <h2>{t("run.shortcuts.title")}</h2>
      <dl>
        {SHORTCUTS.map((s) => (
          <div key={s.keys}>
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{t(`run.shortcuts.${s.action}`)}</dd>
          </div>
        ))}
      </dl>
      <button type="button" ref={close} onClick={onClose}>
        {t("run.shortcuts.close")}
      </button>
    </div>
  );
}
