export default function CalendarInfoPage() {
  return <main id="main"><h1>CalendarInfoPage</h1></main>;
}
