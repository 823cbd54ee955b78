export default function MyCalendarsPage() {
  return <main id="main"><h1>MyCalendarsPage</h1></main>;
}
