export default function SignupPage() {
  return <main id="main"><h1>SignupPage</h1></main>;
}
