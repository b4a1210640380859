import { ScenarioEditor } from "@/features/editor/components/ScenarioEditor";

export function ScenarioPage({ slug, readOnly }: { slug: string | null; readOnly: boolean }) {
  return (
    <main className="page">
      <ScenarioEditor slug={slug} readOnly={readOnly} />
    </main>
  );
}
