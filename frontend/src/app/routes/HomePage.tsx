import { Gallery } from "@/features/gallery/Gallery";

export function HomePage() {
  return (
    <main className="page">
      <Gallery />
    </main>
  );
}
