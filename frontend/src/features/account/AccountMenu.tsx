// The header's corner: who you are, and the way to sign up, log in or out.
import { useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "@/lib/router";
import type { Me } from "@/lib/session";
import { logOut } from "./api";
import { formErrors } from "./errors";
import "./account.css";

interface Props {
  me: Me | null;
  onSignedOut(): void;
}

export function AccountMenu({ me, onSignedOut }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const signedUp = Boolean(me?.authenticated && !me.isGuest);
  const out = async () => {
    try {
      await logOut();
      setError(null);
      onSignedOut();
    } catch (e) {
      setError(formErrors(e, []).form);
    }
  };
  return (
    <nav className="account-menu" aria-label={t("account.menu")}>
      <span className="whoami">{whoami(me, t)}</span>
      {signedUp ? (
        <>
          <Link href="/account">{t("account.account")}</Link>
          <button type="button" onClick={out}>
            {t("account.logOut")}
          </button>
        </>
      ) : (
        <>
          <Link href="/account#sign-up">{t("account.signUp")}</Link>
          <Link href="/account#log-in">{t("account.logIn")}</Link>
        </>
      )}
      {error && (
        <span role="alert" lang="en">
          {error}
        </span>
      )}
    </nav>
  );
}

function whoami(me: Me | null, t: TFunction): string {
  if (!me?.authenticated || !me.username) return t("account.notSignedIn");
  return me.isGuest ? t("account.guest", { name: me.username }) : t("account.signedInAs", { name: me.username });
}
