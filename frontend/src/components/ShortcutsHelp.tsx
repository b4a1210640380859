import { SHORTCUTS } from "@/lib/shortcuts";

/** The `?` list of keyboard shortcuts. */
export function ShortcutsHelp({ onClose }: { onClose(): void }) {
  return (
    <div role="dialog" aria-label="Keyboard shortcuts" className="shortcuts-help">
      <h2>Keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.map((s) => (
          <div key={s.keys}>
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.does}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
