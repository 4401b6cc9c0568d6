import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@mcp-census/streams/platform/logger';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Set by the caller so a message keeps one id wherever it ends up. */
  messageId: string;
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when the mail went to the outbox. */
  file?: string;
}

/**
 * What a failed send says about delivery: refused or never connected (so
 * certainly not delivered; worth retrying or not), or unknown (the
 * connection failed after the message was handed over: it may have arrived).
 */
export type SendFailure = 'not-sent-transient' | 'not-sent-permanent' | 'unknown';

export class MailSendError extends Error {
  constructor(
    message: string,
    readonly failure: SendFailure,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

export interface Mailer {
  /** 'smtp://host:port' without credentials, or the outbox directory. */
  readonly destination: string;
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): Promise<void>;
}

/** Setup stages that fail before anything of the message is sent. */
const BEFORE_SENDING = new Set(['EDNS', 'ECONFIG', 'EAUTH', 'ENOAUTH', 'ETLS', 'EREQUIRETLS', 'EOAUTH2', 'EPROXY']);
/** The server could not be reached at all. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Classifies a nodemailer error. A reply code means the server refused
 * (RFC 5321: 4yz transient, 5yz permanent); a failed connect or setup step
 * means nothing was sent. A connection that closed or timed out later may
 * have dropped after the server took the message (nodemailer reports that
 * as command CONN too), so it is unknown.
 */
export function classifySendError(err: unknown): SendFailure {
  const e = err as { responseCode?: unknown; code?: unknown; originalCode?: unknown; syscall?: unknown };
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return e.responseCode >= 500 ? 'not-sent-permanent' : 'not-sent-transient';
  if (typeof e.code === 'string' && BEFORE_SENDING.has(e.code)) return 'not-sent-transient';
  if (e.syscall === 'connect' || (typeof e.originalCode === 'string' && UNREACHABLE.has(e.originalCode))) return 'not-sent-transient';
  if (e.code === 'EENVELOPE') return 'not-sent-permanent';
  return 'unknown';
}

/**
 * SMTP through nodemailer when SMTP_URL is set (a small connection pool).
 * Without it, each mail is written as an .eml file to `outboxDir` and logged:
 * embedded installations can read what would have been sent.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; outboxDir: string; log: Logger }): Mailer {
  return opts.smtpUrl ? smtpMailer(opts.smtpUrl, opts.from) : outboxMailer(opts.outboxDir, opts.from, opts.log);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    { url: smtpUrl, pool: true, maxConnections: 2, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 },
    { from },
  );
  const url = new URL(smtpUrl);
  return {
    destination: `${url.protocol}//${url.host}`,
    async send(mail) {
      try {
        const info = await transport.sendMail({ ...mail, headers: mail.headers ?? {} });
        return { messageId: info.messageId };
      } catch (err) {
        throw new MailSendError((err as Error).message, classifySendError(err));
      }
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer(outboxDir: string, from: string, log: Logger): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });
  let sequence = 0;
  return {
    destination: outboxDir,
    async send(mail) {
      try {
        const info = await composer.sendMail({ ...mail, headers: mail.headers ?? {} });
        await mkdir(outboxDir, { recursive: true });
        sequence += 1;
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const name = `${stamp}-${sequence}-${info.messageId.replace(/[^A-Za-z0-9.@-]+/g, '_').slice(0, 120)}.eml`;
        const file = path.join(outboxDir, name);
        // Written under a temporary name first: a reader never sees half a message.
        await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
        await rename(`${file}.tmp`, file);
        log.info(`mail to ${mail.to} "${mail.subject}" written to ${file} (SMTP_URL is not set)`);
        return { messageId: info.messageId, file };
      } catch (err) {
        throw new MailSendError((err as Error).message, 'not-sent-transient');
      }
    },
    async close() {},
  };
}
