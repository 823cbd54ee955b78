export default function PrivacyPage() {
  return (
    <main>
      <h1>PrivacyPage</h1>
    </main>
  );
}
