// Personal API tokens: list, create (key shown once), revoke after a confirmation.
import { useCallback, useState, type FormEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "./format";
import { createToken, listTokens, revokeToken, type ApiToken, type NewApiToken } from "./api";
import { formErrors, NO_ERRORS, type FormErrors } from "./errors";
import { InputField } from "./InputField";
import { NewTokenNotice } from "./NewTokenNotice";
import { TableRegion } from "@/components/TableRegion";
import { queryKeys } from "@/api/queryKeys";

const FIELDS = ["name"] as const;

export function TokensPanel({ userId }: { userId: number }) {
  const queries = useQueryClient();
  const key = queryKeys.tokens.of(userId);
  const query = useQuery({ queryKey: key, queryFn: listTokens });
  const tokens: ApiToken[] | null = query.data ?? null;
  const loadError = query.error ? formErrors(query.error, []).form : null;
  const [fresh, setFresh] = useState<NewApiToken | null>(null);
  const setTokens = (change: (old: ApiToken[] | null) => ApiToken[]) =>
    queries.setQueryData<ApiToken[]>(key, (old) => change(old ?? null));
  const reload = useCallback(() => void queries.invalidateQueries({ queryKey: queryKeys.tokens.all }), [queries]);
  const created = (t: NewApiToken) => {
    const { key: _shownOnce, ...listed } = t;
    setFresh(t);
    setTokens((old) => [...(old ?? []).filter((o) => o.id !== t.id), listed]);
    reload();
  };
  return (
    <section id="api-tokens" className="account-card account-card--wide" aria-labelledby="api-tokens-title">
      <h2 id="api-tokens-title">API tokens</h2>
      <p>
        A token lets a script act as you: send it as <code className="mono">Authorization: Token &lt;key&gt;</code>. Revoking one stops it
        working at once.
      </p>
      {fresh && <NewTokenNotice token={fresh} onDismiss={() => setFresh(null)} />}
      <CreateTokenForm onCreated={created} />
      {loadError && (
        <p className="banner banner--error" role="alert">
          {loadError}
        </p>
      )}
      {tokens && <TokenTable tokens={tokens} onRevoked={reload} />}
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(t: NewApiToken): void }) {
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
    <form className="token-create" onSubmit={submit} aria-label="New token" noValidate>
      <InputField label="Token name" value={name} onChange={setName} error={errors.fields.name} hint="What uses it, e.g. “ci” or “laptop”." maxLength={100} />
      <button type="submit" className="button--primary">
        Create token
      </button>
      {errors.form && (
        <p className="banner banner--error" role="alert">
          {errors.form}
        </p>
      )}
    </form>
  );
}

function TokenTable({ tokens, onRevoked }: { tokens: ApiToken[]; onRevoked(): void }) {
  if (tokens.length === 0) return <p className="muted">You have no API tokens.</p>;
  return (
    <TableRegion label="Your API tokens">
      <table aria-label="Your API tokens">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key starts with</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((t) => (
            <TokenRow key={t.id} token={t} onRevoked={onRevoked} />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

function TokenRow({ token, onRevoked }: { token: ApiToken; onRevoked(): void }) {
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
      <td className="mono">{token.prefix}…</td>
      <td>{formatDateTime(token.createdAt)}</td>
      <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "never"}</td>
      <td>
        {confirming ? (
          <span className="token-confirm" role="group" aria-label={`Confirm revoking ${token.name}`}>
            <span>Scripts using “{token.name}” will stop working.</span>
            {/* autoFocus: the confirmation replaces the button that had focus */}
            <button type="button" className="button--danger" onClick={revoke} autoFocus>
              Yes, revoke “{token.name}”
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" className="button--danger" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`}>
            Revoke
          </button>
        )}
        {error && <span role="alert">{error}</span>}
      </td>
    </tr>
  );
}
