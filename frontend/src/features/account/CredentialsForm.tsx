// Sign-up and log-in: the same two fields, different endpoints and wording.
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Me } from "@/lib/session";
import type { Credentials } from "./api";
import { formErrors, NO_ERRORS, type FormErrors } from "./errors";
import { InputField } from "./InputField";

const FIELDS = ["username", "password"] as const;
type Field = (typeof FIELDS)[number];

export const CREDENTIAL_FORMS = {
  "sign-up": { title: "account.signUp", passwordAutocomplete: "new-password", passwordHint: "account.passwordHint" },
  "log-in": { title: "account.logIn", passwordAutocomplete: "current-password", passwordHint: undefined },
} as const;
export type CredentialFormKind = keyof typeof CREDENTIAL_FORMS;

interface Props {
  kind: CredentialFormKind;
  intro: ReactNode;
  send(c: Credentials): Promise<Me>;
  onDone(me: Me): void;
}

export function CredentialsForm({ kind, intro, send, onDone }: Props) {
  const { t } = useTranslation();
  const copy = CREDENTIAL_FORMS[kind];
  const [values, setValues] = useState<Credentials>({ username: "", password: "" });
  const [errors, setErrors] = useState<FormErrors<Field>>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const me = await send(values);
      setErrors(NO_ERRORS);
      onDone(me);
    } catch (err) {
      setErrors(formErrors(err, FIELDS));
    } finally {
      setBusy(false);
    }
  };
  const set = (field: Field) => (v: string) => setValues((old) => ({ ...old, [field]: v }));
  const titleId = `${kind}-title`;
  return (
    <section id={kind} className="account-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(copy.title)}</h2>
      <div className="account-card__intro">{intro}</div>
      <form onSubmit={submit} aria-labelledby={titleId} noValidate>
        <InputField label={t("account.username")} autoComplete="username" required value={values.username} onChange={set("username")} error={errors.fields.username} />
        <InputField
          label={t("account.password")}
          type="password"
          autoComplete={copy.passwordAutocomplete}
          required
          value={values.password}
          onChange={set("password")}
          error={errors.fields.password}
          hint={copy.passwordHint && t(copy.passwordHint)}
        />
        {errors.form && (
          <p className="banner banner--error" role="alert" lang="en">
            {errors.form}
          </p>
        )}
        <button type="submit" className="button--primary" disabled={busy}>
          {t(copy.title)}
        </button>
      </form>
    </section>
  );
}
