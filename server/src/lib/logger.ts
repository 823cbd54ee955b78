import pino from 'pino';

/** JSON logs. Paths that may carry personal or secret data are removed before writing. */
export function createLogger(level: string) {
  return pino({
    level,
    base: { service: 'firstday' },
    redact: {
      paths: [
        '*.email',
        '*.iban',
        '*.IBAN',
        '*.bankAccount',
        '*.accountNumber',
        '*.routingNumber',
        '*.sortCode',
        '*.password',
        '*.token',
        '*.card',
        'req.headers.cookie',
        'req.headers.authorization',
      ],
      remove: true,
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
