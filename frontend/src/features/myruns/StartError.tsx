import { useTranslation } from "react-i18next";
import { Alert } from "@/components/Alert";
import { Link } from "@/lib/router";

/**
 * Why a run did not start, drawn next to the button that started it, scrolled into view and
 * announced; refused for the active-run limit, it offers "My runs", where one can be stopped.
 */
export function StartError({ text, runLimit, className = "banner banner--error" }: { text: string; runLimit: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert text={text} className={className}>
      {runLimit && (
        <>
          {" "}
          <Link href="/runs/mine">{t("run.openMyRuns")}</Link>
        </>
      )}
    </Alert>
  );
}
