// /account: sign up (a guest keeps everything), log in, log out, and personal API tokens.
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { Me } from "@/lib/session";
import { logIn, signUp } from "./api";
import { CredentialsForm } from "./CredentialsForm";
import { TokensPanel } from "./TokensPanel";
import "./account.css";

interface Props {
  /** null while /api/me is still answering. */
  me: Me | null;
  /** Sign-up or log-in succeeded: the session (and the CSRF cookie) now belong to this user. */
  onSignedIn(me: Me): void;
}

export function AccountPage({ me, onSignedIn }: Props) {
  const { t } = useTranslation();
  useEffect(() => {
    // Header links point at #sign-up / #log-in; the router itself scrolls to the top.
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, []);
  if (me === null) return <p aria-busy="true">{t("account.loading")}</p>;
  const signedUp = me.authenticated && !me.isGuest;
  return (
    <div className="account">
      <h1>{t("account.account")}</h1>
      <p className="account__status">{status(me, t)}</p>
      {!signedUp && (
        <div className="account__forms">
          <CredentialsForm kind="sign-up" intro={signUpIntro(me, t)} send={signUp} onDone={onSignedIn} />
          <CredentialsForm kind="log-in" intro={logInIntro(me, t)} send={logIn} onDone={onSignedIn} />
        </div>
      )}
      {me.authenticated && me.id !== null ? (
        <TokensPanel userId={me.id} />
      ) : (
        <section className="account-card" aria-labelledby="api-tokens-title">
          <h2 id="api-tokens-title">{t("account.tokens.title")}</h2>
          <p>{t("account.tokens.needUser")}</p>
        </section>
      )}
    </div>
  );
}

function status(me: Me, t: TFunction): string {
  if (!me.authenticated) return t("account.status.anonymous");
  if (me.isGuest) return t("account.status.guest", { name: me.username });
  return t("account.status.signedIn", { name: me.username });
}

function signUpIntro(me: Me, t: TFunction) {
  return me.isGuest ? (
    <p>
      <Trans i18nKey="account.signUpIntroGuest" components={{ strong: <strong /> }} />
    </p>
  ) : (
    <p>{t("account.signUpIntro")}</p>
  );
}

function logInIntro(me: Me, t: TFunction) {
  return <p>{t(me.isGuest ? "account.logInIntroGuest" : "account.logInIntro")}</p>;
}
