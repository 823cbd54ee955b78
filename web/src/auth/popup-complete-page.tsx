export default function PopupCompletePage() {
  return <main id="main"><h1>PopupCompletePage</h1></main>;
}
