// /account: sign up (a guest keeps everything), log in, log out, and personal API tokens.
import { useEffect } from "react";
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
  useEffect(() => {
    // Header links point at #sign-up / #log-in; the router itself scrolls to the top.
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, []);
  if (me === null) return <p aria-busy="true">Loading your account…</p>;
  const signedUp = me.authenticated && !me.isGuest;
  return (
    <div className="account">
      <h1>Account</h1>
      <p className="account__status">{status(me)}</p>
      {!signedUp && (
        <div className="account__forms">
          <CredentialsForm kind="sign-up" intro={signUpIntro(me)} send={signUp} onDone={onSignedIn} />
          <CredentialsForm kind="log-in" intro={logInIntro(me)} send={logIn} onDone={onSignedIn} />
        </div>
      )}
      {me.authenticated && me.id !== null ? (
        <TokensPanel userId={me.id} />
      ) : (
        <section className="account-card" aria-labelledby="api-tokens-title">
          <h2 id="api-tokens-title">API tokens</h2>
          <p>Tokens belong to a user. Sign up or log in — or just create a scenario, which makes you a guest — and come back here.</p>
        </section>
      )}
    </div>
  );
}

function status(me: Me): string {
  if (!me.authenticated) return "You are not signed in. Nobody has to: your first scenario or run makes you a guest on this browser.";
  if (me.isGuest) return `You are using the playground as the guest ${me.username}, on this browser only.`;
  return `Signed in as ${me.username}.`;
}

function signUpIntro(me: Me) {
  return me.isGuest ? (
    <p>
      Give this guest a name and a password. <strong>You keep everything you made as a guest</strong> — scenarios, runs and API tokens —
      and can reach it from any browser.
    </p>
  ) : (
    <p>Choose a username and a password. Anything you create before signing up stays yours: a guest keeps everything when it signs up.</p>
  );
}

function logInIntro(me: Me) {
  return me.isGuest ? (
    <p>
      Already have an account? Logging in switches to it; what this guest made stays with the guest. To keep it, sign up instead.
    </p>
  ) : (
    <p>Already have an account? Log in with its username and password.</p>
  );
}
