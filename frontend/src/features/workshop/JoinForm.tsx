import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api";
import { joinWorkshop } from "./api";

/** A display name is all a student gives: no account, no password. */
export function JoinForm({ code, title, onJoined }: { code: string; title: string; onJoined(): void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await joinWorkshop(code, name);
      onJoined();
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors[0]?.message ? `${err.errors[0].field}: ${err.errors[0].message}` : err.message) : String(err));
    }
  };
  return (
    <main className="page">
      <h1>Join “{title}”</h1>
      <form onSubmit={submit} className="join-form">
        <div className="field">
          <label htmlFor="join-name">Your name (the class and the instructor will see it)</label>
          <input id="join-name" value={name} maxLength={40} onChange={(e) => setName(e.target.value)} autoFocus />
        </div>
        <button type="submit" className="button--primary" disabled={!name.trim()}>
          Join the workshop
        </button>
        {error && (
          <p role="alert" className="field__error">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
