export default function SettingsPage() {
  return <main id="main"><h1>SettingsPage</h1></main>;
}
