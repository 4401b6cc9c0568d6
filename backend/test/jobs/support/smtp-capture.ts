import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port> */
  url: string;
  mails: CapturedMail[];
  /** Replies to the next messages instead of accepting them, e.g. 451 or 550. */
  rejectNext(count: number, code: number): void;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on loopback that keeps every accepted message. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const rejections: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = rejections.shift();
        if (code !== undefined) {
          const err = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code });
          callback(err);
          return;
        }
        const env = session.envelope;
        mails.push({
          from: env.mailFrom ? env.mailFrom.address : '',
          to: env.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    rejectNext(count, code) {
      for (let i = 0; i < count; i += 1) rejections.push(code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
