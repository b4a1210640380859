import { useTranslation } from "react-i18next";

export interface LessonChoice {
  slug: string;
  title: string;
  number: number;
}

/** The lesson to teach, or none (a scenario instead): one select for starting and for pushing. */
export function LessonSelect({ id, lessons, value, onChange }: { id: string; lessons: readonly LessonChoice[]; value: string; onChange(slug: string): void }) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id}>{t("workshop.lesson")}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t("workshop.scenarioInstead")}</option>
        {lessons.map((l) => (
          <option key={l.slug} value={l.slug}>
            {l.number}. {l.title}
          </option>
        ))}
      </select>
    </>
  );
}
