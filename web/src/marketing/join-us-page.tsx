export default function JoinUsPage() {
  return (
    <main>
      <h1>JoinUsPage</h1>
    </main>
  );
}
