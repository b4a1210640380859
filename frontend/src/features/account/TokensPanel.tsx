// Personal API tokens: list, create (key shown once), revoke after a confirmation.
import { useCallback, useState, type FormEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/i18n/format";
import { createToken, listTokens, revokeToken, type ApiToken, type NewApiToken } from "./api";
import { formErrors, NO_ERRORS, type FormErrors } from "./errors";
import { InputField } from "./InputField";
import { NewTokenNotice } from "./NewTokenNotice";
import { TableRegion } from "@/components/TableRegion";
import { queryKeys } from "@/api/queryKeys";

const FIELDS = ["name"] as const;

export function TokensPanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const key = queryKeys.tokens.of(userId);
  const query = useQuery({ queryKey: key, queryFn: listTokens });
  const tokens: ApiToken[] | null = query.data ?? null;
  const loadError = query.error ? formErrors(query.error, []).form : null;
  const [fresh, setFresh] = useState<NewApiToken | null>(null);
  const setTokens = (change: (old: ApiToken[] | null) => ApiToken[]) =>
    queries.setQueryData<ApiToken[]>(key, (old) => change(old ?? null));
  const reload = useCallback(() => void queries.invalidateQueries({ queryKey: queryKeys.tokens.all }), [queries]);
  const created = (token: NewApiToken) => {
    const { key: _shownOnce, ...listed } = token;
    setFresh(token);
    setTokens((old) => [...(old ?? []).filter((o) => o.id !== token.id), listed]);
    reload();
  };
  return (
    <section id="api-tokens" className="account-card account-card--wide" aria-labelledby="api-tokens-title">
      <h2 id="api-tokens-title">{t("account.tokens.title")}</h2>
      <p>
        {t("account.tokens.intro")} <code className="mono">Authorization: Token &lt;key&gt;</code>
      </p>
      <p>{t("account.tokens.revokeStops")}</p>
      {fresh && <NewTokenNotice token={fresh} onDismiss={() => setFresh(null)} />}
      <CreateTokenForm onCreated={created} />
      {loadError && (
        <p className="banner banner--error" role="alert" lang="en">
          {loadError}
        </p>
      )}
      {tokens && <TokenTable tokens={tokens} onRevoked={reload} />}
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(t: NewApiToken): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<FormErrors<"name">>(NO_ERRORS);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const token = await createToken(name);
      setErrors(NO_ERRORS);
      setName("");
      onCreated(token);
    } catch (err) {
      setErrors(formErrors(err, FIELDS));
    }
  };
  return (
    <form className="token-create" onSubmit={submit} aria-label={t("account.tokens.newToken")} noValidate>
      <InputField label={t("account.tokens.name")} value={name} onChange={setName} error={errors.fields.name} hint={t("account.tokens.nameHint")} maxLength={100} />
      <button type="submit" className="button--primary">
        {t("account.tokens.create")}
      </button>
      {errors.form && (
        <p className="banner banner--error" role="alert" lang="en">
          {errors.form}
        </p>
      )}
    </form>
  );
}

function TokenTable({ tokens, onRevoked }: { tokens: ApiToken[]; onRevoked(): void }) {
  const { t } = useTranslation();
  if (tokens.length === 0) return <p className="muted">{t("account.tokens.none")}</p>;
  return (
    <TableRegion label={t("account.tokens.yours")}>
      <table aria-label={t("account.tokens.yours")}>
        <thead>
          <tr>
            <th scope="col">{t("account.tokens.columns.name")}</th>
            <th scope="col">{t("account.tokens.columns.prefix")}</th>
            <th scope="col">{t("account.tokens.columns.created")}</th>
            <th scope="col">{t("account.tokens.columns.lastUsed")}</th>
            <th scope="col">
              <span className="sr-only">{t("account.tokens.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} onRevoked={onRevoked} />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

function TokenRow({ token, onRevoked }: { token: ApiToken; onRevoked(): void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revoke = async () => {
    try {
      await revokeToken(token.id);
      onRevoked();
    } catch (e) {
      setError(formErrors(e, []).form);
    }
  };
  return (
    <tr>
      <th scope="row">{token.name}</th>
      <td className="mono" translate="no">{token.prefix}…</td>
      <td>{formatDateTime(token.createdAt)}</td>
      <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t("account.tokens.never")}</td>
      <td>
        {confirming ? (
          <span className="token-confirm" role="group" aria-label={t("account.tokens.confirmLabel", { name: token.name })}>
            <span>{t("account.tokens.willStop", { name: token.name })}</span>
            {/* autoFocus: the confirmation replaces the button that had focus */}
            <button type="button" className="button--danger" onClick={revoke} autoFocus>
              {t("account.tokens.yesRevoke", { name: token.name })}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {t("common.cancel")}
            </button>
          </span>
        ) : (
          <button type="button" className="button--danger" onClick={() => setConfirming(true)} aria-label={t("account.tokens.revokeLabel", { name: token.name })}>
            {t("account.tokens.revoke")}
          </button>
        )}
        {error && <span role="alert" lang="en">{error}</span>}
      </td>
    </tr>
  );
}
