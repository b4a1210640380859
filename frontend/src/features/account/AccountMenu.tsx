// The header's corner: who you are, and the way to sign up, log in or out.
import { useState } from "react";
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
    <nav className="account-menu" aria-label="Account">
      <span className="whoami">{whoami(me)}</span>
      {signedUp ? (
        <>
          <Link href="/account">Account</Link>
          <button type="button" onClick={out}>
            Log out
          </button>
        </>
      ) : (
        <>
          <Link href="/account#sign-up">Sign up</Link>
          <Link href="/account#log-in">Log in</Link>
        </>
      )}
      {error && <span role="alert">{error}</span>}
    </nav>
  );
}

function whoami(me: Me | null): string {
  if (!me?.authenticated || !me.username) return "Not signed in";
  return me.isGuest ? `${me.username} (guest)` : `Signed in as ${me.username}`;
}
