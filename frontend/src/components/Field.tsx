// Labelled input with its error shown inline (aria-invalid + aria-describedby). The errors are the
// API's messages, in English as it writes them (lang="en").
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ObjectPicker, SELECT_AT_MOST } from "./ObjectPicker";

interface BaseProps {
  label: string;
  /** Read by screen readers (and label locators) after the visible label, e.g. "(container app)". */
  srSuffix?: ReactNode;
  error?: string;
  hint?: ReactNode;
  readOnly?: boolean;
  className?: string;
}

interface TextProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  type?: "text" | "number";
  placeholder?: string;
  /** Commit only when the text parses (for compact notations); the text itself stays local while typing. */
  multiline?: boolean;
}

export function TextField({ label, srSuffix, error, hint, value, onChange, type = "text", placeholder, readOnly, className, multiline }: TextProps) {
  const id = useId();
  const errId = `${id}-err`;
  const [text, setText] = useState(value);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(value);
  }, [value]);
  const common = {
    id,
    value: text,
    placeholder,
    readOnly,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errId : undefined,
    onFocus: () => (focused.current = true),
    onBlur: () => {
      focused.current = false;
      setText(value);
    },
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
      onChange(e.target.value);
    },
  };
  return (
    <div className={`field ${error ? "field--error" : ""} ${className ?? ""}`}>
      <label htmlFor={id}>
        {label}
        {srSuffix && <span className="sr-only"> {srSuffix}</span>}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} {...common} />}
      {hint && <small className="field__hint">{hint}</small>}
      {error && (
        <small id={errId} className="field__error" role="alert" lang="en">
          {error}
        </small>
      )}
    </div>
  );
}

interface CheckProps extends BaseProps {
  checked: boolean;
  onChange(checked: boolean): void;
}

export function CheckField({ label, error, checked, onChange, readOnly, className }: CheckProps) {
  const id = useId();
  return (
    <div className={`field field--check ${error ? "field--error" : ""} ${className ?? ""}`}>
      <input id={id} type="checkbox" checked={checked} disabled={readOnly} onChange={(e) => onChange(e.target.checked)} aria-invalid={error ? true : undefined} />
      <label htmlFor={id}>{label}</label>
      {error && <small className="field__error" role="alert" lang="en">{error}</small>}
    </div>
  );
}

interface SelectProps extends BaseProps {
  value: string;
  /** `verbatim`: the label is Kubernetes' own text (a name, an enum value), never translated. */
  options: readonly { value: string; label: string; verbatim?: boolean }[];
  onChange(value: string): void;
}

export function SelectField({ label, error, value, options, onChange, readOnly, className }: SelectProps) {
  const id = useId();
  const errId = `${id}-err`;
  const placeholder = options.find((o) => o.value === "");
  return (
    <div className={`field ${error ? "field--error" : ""} ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      {options.length > SELECT_AT_MOST ? (
        // A pod's Placement among 1,000 nodes: 24 cards × 1,001 options was most of a big editor's page.
        <ObjectPicker
          id={id}
          value={value}
          onChange={onChange}
          count={options.length - (placeholder ? 1 : 0)}
          choices={() => (placeholder ? options.filter((o) => o !== placeholder) : options)}
          placeholder={placeholder?.label}
          disabled={readOnly}
          describedBy={error ? errId : undefined}
        />
      ) : (
        <select id={id} value={value} disabled={readOnly} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errId : undefined}>
          {options.map((o) => (
            <option key={o.value} value={o.value} translate={o.verbatim ? "no" : undefined}>
              {o.label}
            </option>
          ))}
        </select>
      )}
      {error && <small id={errId} className="field__error" role="alert" lang="en">{error}</small>}
    </div>
  );
}
