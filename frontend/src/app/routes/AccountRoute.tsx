import type { Me } from "@/lib/session";
import { AccountPage } from "@/features/account/AccountPage";

export function AccountRoute(props: { me: Me | null; onSignedIn(me: Me): void }) {
  return (
    <main className="page">
      <AccountPage {...props} />
    </main>
  );
}
