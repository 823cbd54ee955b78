export default function CreateCalendarPage() {
  return <main id="main"><h1>CreateCalendarPage</h1></main>;
}
