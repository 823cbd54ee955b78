export default function WishesPage() {
  return <main id="main"><h1>WishesPage</h1></main>;
}
