import { type Email, renderEmail } from './layout.ts';

/** Sign-up with an address that has an account: the owner learns of the attempt. */
export function createExistingSignUpEmail(input: { appUrl: string; name: string }): Promise<Email> {
  return renderEmail({
    appUrl: input.appUrl,
    subject: 'Someone tried to create a Firstday account with your e-mail',
    heading: 'You already have an account',
    paragraphs: [
      `Hello ${input.name},`,
      'Someone, probably you, just tried to sign up for Firstday with this e-mail address. You already have an account, so nothing was changed.',
      'You can log in with your password, or choose a new one if you forgot it.',
    ],
    action: { label: 'Log in', url: `${input.appUrl}/login` },
    footer: [`Forgot your password? ${input.appUrl}/resetpassword`],
  });
}

export function createPasswordResetEmail(input: { appUrl: string; name: string; resetUrl: string }): Promise<Email> {
  return renderEmail({
    appUrl: input.appUrl,
    subject: 'Reset your Firstday password',
    heading: 'Reset your password',
    paragraphs: [
      `Hello ${input.name},`,
      'Someone asked to reset the password of your Firstday account. If it was you, choose a new password with the button below. The link works for one hour and only once.',
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ],
    action: { label: 'Reset my password', url: input.resetUrl },
  });
}

export function createVerificationEmail(input: { appUrl: string; name: string; verifyUrl: string }): Promise<Email> {
  return renderEmail({
    appUrl: input.appUrl,
    subject: 'Confirm your email for Firstday',
    heading: 'Confirm your email',
    paragraphs: [
      `Hello ${input.name},`,
      'Welcome to Firstday! Please confirm that this e-mail address is yours. The button signs you in, and you can start your calendar straight away.',
    ],
    action: { label: 'Confirm my email', url: input.verifyUrl },
  });
}
