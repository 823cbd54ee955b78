export default function PasswordRecoveryRedirect() {
  return <main id="main"><h1>PasswordRecoveryRedirect</h1></main>;
}
