export default function ArticlesPage() {
  return (
    <main>
      <h1>ArticlesPage</h1>
    </main>
  );
}
