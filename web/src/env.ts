import { z } from 'zod';

/** Build-time configuration of the web app; the only place that reads import.meta.env. */
const WebEnvSchema = z.object({
  /** Absolute address of the site, used in canonical links and Open Graph tags. */
  VITE_PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Optional video for the landing page's video section; without it the poster stands alone. */
  VITE_LANDING_VIDEO_URL: z.string().optional(),
  /** Captcha widget: 'altcha' (self-hosted, default), 'recaptcha' or 'turnstile' with its site key. */
  VITE_CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'turnstile']).default('altcha'),
  VITE_CAPTCHA_SITE_KEY: z.string().optional(),
});

export const webEnv = WebEnvSchema.parse(import.meta.env);
