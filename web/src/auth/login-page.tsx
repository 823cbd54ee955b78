export default function LoginPage() {
  return <main id="main"><h1>LoginPage</h1></main>;
}
