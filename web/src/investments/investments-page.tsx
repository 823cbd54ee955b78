export default function InvestmentsPage() {
  return <main id="main"><h1>InvestmentsPage</h1></main>;
}
