import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { classifySendError, createMailer, MailSendError, type OutgoingMail } from '../../src/jobs/mailer';
import { startScheduledJobs } from '../../src/jobs/start-scheduled-jobs';
import { findFreePort } from '../../src/util/free-port';
import { addSubscriptions, captureLog, createJobsStores } from './support/jobs-fixture';
import { mailParts } from './support/mime';
import { startSmtpCapture, type SmtpCapture } from './support/smtp-capture';

let smtp: SmtpCapture;
let tmp: string;
const captured = captureLog();
const { log } = captured;
const messages = (level?: string): string[] => captured.messages(level);

const mail = (n: number): OutgoingMail => ({
  to: `reader${n}@example.test`,
  subject: `Report ${n}`,
  html: `<p>Report ${n}: caf\u00e9</p>`,
  text: `Report ${n}: caf\u00e9`,
  messageId: `<report-${n}@census.test>`,
  headers: { 'List-Unsubscribe': '<http://census.test/api/unsubscribe?token=1.x>' },
});

async function failureOf(send: Promise<unknown>): Promise<string> {
  try {
    await send;
  } catch (err) {
    expect(err).toBeInstanceOf(MailSendError);
    return (err as MailSendError).failure;
  }
  throw new Error('the send did not fail');
}

/** A mail server that takes the whole message and then drops the connection instead of answering. */
async function startDroppingServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 drop.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (inData) {
        if (buffer.includes('\r\n.\r\n')) socket.destroy();
        return;
      }
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        if (line.startsWith('EHLO')) socket.write('250-drop.test\r\n250 8BITMIME\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return { url: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => new Promise((r) => server.close(() => r())) };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'census-mailer-'));
});

afterAll(async () => {
  await smtp?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('the mailer', () => {
  it('without SMTP_URL writes each mail as an .eml file to the outbox and logs it', async () => {
    const outbox = path.join(tmp, 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'MCP Census <reports@localhost>', outboxDir: outbox, log });
    expect(mailer.destination).toBe(outbox);
    const sent = await mailer.send(mail(1));
    await mailer.send(mail(2));
    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    expect(sent.file).toBe(path.join(outbox, files.find((f) => f.includes('report-1')) ?? ''));
    const raw = await readFile(sent.file ?? '', 'utf8');
    expect(raw).toContain('\r\n');
    const { headers, text, html } = mailParts(raw);
    expect(headers.get('from')).toBe('MCP Census <reports@localhost>');
    expect(headers.get('to')).toBe('reader1@example.test');
    expect(headers.get('message-id')).toBe('<report-1@census.test>');
    expect(headers.get('list-unsubscribe')).toBe('<http://census.test/api/unsubscribe?token=1.x>');
    expect(text).toBe('Report 1: caf\u00e9');
    expect(html).toBe('<p>Report 1: caf\u00e9</p>');
    expect(messages('info')).toContain(`mail to reader1@example.test "Report 1" written to ${sent.file} (SMTP_URL is not set)`);
  });

  it('an outbox it cannot write is a failure to retry', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'reports@localhost', outboxDir: '/dev/null/outbox', log });
    expect(await failureOf(mailer.send(mail(3)))).toBe('not-sent-transient');
  });

  it('sends over SMTP and tells refusals (certainly not delivered) from an unknown outcome', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'reports@census.test', outboxDir: tmp, log });
    expect(mailer.destination).toBe(smtp.url);
    expect((await mailer.send(mail(4))).messageId).toBe('<report-4@census.test>');
    expect(smtp.mails.map((m) => m.to)).toEqual([['reader4@example.test']]);
    smtp.rejectNext(1, 451);
    expect(await failureOf(mailer.send(mail(5)))).toBe('not-sent-transient');
    smtp.rejectNext(1, 550);
    expect(await failureOf(mailer.send(mail(6)))).toBe('not-sent-permanent');
    expect(smtp.mails).toHaveLength(1);
    await mailer.close();

    const refused = createMailer({ smtpUrl: `smtp://127.0.0.1:${await findFreePort()}`, from: 'reports@census.test', outboxDir: tmp, log });
    expect(await failureOf(refused.send(mail(7)))).toBe('not-sent-transient');
    await refused.close();

    const dropping = await startDroppingServer();
    const dropped = createMailer({ smtpUrl: dropping.url, from: 'reports@census.test', outboxDir: tmp, log });
    expect(await failureOf(dropped.send(mail(8)))).toBe('unknown');
    await dropped.close();
    await dropping.close();
    expect(classifySendError(new Error('anything else'))).toBe('unknown');
  });

  it('keeps credentials of SMTP_URL out of its description', () => {
    const mailer = createMailer({ smtpUrl: 'smtps://user:secret@mail.example:465', from: 'reports@census.test', outboxDir: tmp, log });
    expect(mailer.destination).toBe('smtps://mail.example:465');
  });
});

describe('the scheduler role without SMTP_URL (embedded mode)', () => {
  it('starts the jobs and writes the due report to $DATA_DIR/outbox', async () => {
    const stores = await createJobsStores('job_outbox');
    const dataDir = path.join(tmp, 'data');
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://census.test', LOG_LEVEL: 'error' });
    expect(config.mail.smtpUrl).toBeUndefined();
    await addSubscriptions(stores.db.pool, [{ email: 'embedded@example.test', frequency: 'weekly', at: new Date('2020-01-01T00:00:00Z') }]);
    const jobs = await startScheduledJobs({
      config,
      databaseUrl: stores.db.url,
      pool: stores.db.pool,
      clickhouseUrl: inject('clickhouseUrl'),
      clickhouseDatabase: stores.chDatabase,
      log,
    });
    try {
      const outbox = path.join(dataDir, 'outbox');
      const until = Date.now() + 30_000;
      let files: string[] = [];
      while (files.length === 0 && Date.now() < until) {
        files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
        if (files.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(files).toHaveLength(1);
      const { headers, text, html } = mailParts(await readFile(path.join(outbox, files[0] ?? ''), 'utf8'));
      expect(headers.get('to')).toBe('embedded@example.test');
      expect(headers.get('from')).toBe('MCP Census <reports@localhost>');
      expect(headers.get('subject')).toMatch(/^MCP Census weekly report, week \d+ of \d{4}: 0 of 0 platforms \(0\.0%\) expose MCP$/);
      expect(text).toMatch(/^Unsubscribe: http:\/\/census\.test\/api\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{43}$/m);
      expect(html).toContain('<h2>Security summary</h2>');
      expect(jobs.runner.isLeader()).toBe(true);
    } finally {
      await jobs.stop();
      await stores.drop();
    }
  });
});
