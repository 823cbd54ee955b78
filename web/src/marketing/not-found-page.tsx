export default function NotFoundPage() {
  return (
    <main>
      <h1>NotFoundPage</h1>
    </main>
  );
}
