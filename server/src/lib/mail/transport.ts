import nodemailer from 'nodemailer';

/** Connections kept open to the SMTP server: a fan-out of hundreds of e-mails reuses them. */
const MAX_CONNECTIONS = 5;

/**
 * The SMTP transport for `url` (SMTP_URL or the embedded catcher): pooled, so the worker's
 * parallel sends share a few long-lived connections instead of one handshake per e-mail. The
 * server runs it in a worker thread (thread-transport.ts); tests use it in-process.
 */
export function createMailTransport(url: string) {
  return nodemailer.createTransport({ url, pool: true, maxConnections: MAX_CONNECTIONS });
}
