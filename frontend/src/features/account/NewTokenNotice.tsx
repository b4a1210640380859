// The one moment a token's key is visible: copy it, see how to use it, then it is gone.
import { useEffect, useRef, useState } from "react";
import type { NewApiToken } from "./api";

const COPY_STATES = { idle: "Copy key", copied: "Copied ✓", failed: "Copy failed — select the key and copy it by hand" } as const;
type CopyState = keyof typeof COPY_STATES;

export function NewTokenNotice({ token, onDismiss }: { token: NewApiToken; onDismiss(): void }) {
  const [copy, setCopy] = useState<CopyState>("idle");
  const keyRef = useRef<HTMLInputElement>(null);
  useEffect(() => keyRef.current?.focus(), []);
  const origin = window.location.origin;
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(token.key);
      setCopy("copied");
    } catch {
      keyRef.current?.select();
      setCopy("failed");
    }
  };
  return (
    <section className="new-token" aria-labelledby="new-token-title">
      <h3 id="new-token-title">New token “{token.name}”</h3>
      <p className="new-token__warning">
        <strong>Copy this key now: it will not be shown again.</strong> Only a hash is stored; if you lose the key, revoke the token and
        create another.
      </p>
      <div className="field">
        <label htmlFor="new-token-key">API token key</label>
        <div className="new-token__key">
          <input id="new-token-key" ref={keyRef} className="mono" readOnly value={token.key} onFocus={(e) => e.target.select()} size={56} />
          <button type="button" onClick={copyKey}>
            {COPY_STATES[copy]}
          </button>
        </div>
      </div>
      <p>Use it from a script or the command line:</p>
      <pre className="mono">
        <code>{`curl -H "Authorization: Token ${token.key}" \\\n  "${origin}/api/scenarios/?scope=mine"`}</code>
      </pre>
      <pre className="mono">
        <code>{`python examples/scripted_scenario.py --url ${origin} --token ${token.key}`}</code>
      </pre>
      <button type="button" onClick={onDismiss}>
        I have copied it — hide the key
      </button>
    </section>
  );
}
