export function App() {
  return (
    <main>
      <h1>Kubernetes Scheduling Playground</h1>
    </main>
  );
}
