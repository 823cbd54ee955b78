export default function GreenPage() {
  return (
    <main>
      <h1>GreenPage</h1>
    </main>
  );
}
