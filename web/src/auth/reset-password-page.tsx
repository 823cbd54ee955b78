export default function ResetPasswordPage() {
  return <main id="main"><h1>ResetPasswordPage</h1></main>;
}
