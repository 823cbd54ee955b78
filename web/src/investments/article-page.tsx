export default function ArticlePage() {
  return (
    <main>
      <h1>ArticlePage</h1>
    </main>
  );
}
