import nodemailer from 'nodemailer';
import type { MailPort, TMailMessage } from './port';

/** Real delivery over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(options: { url: string; from: string }): MailPort {
  const url = new URL(options.url);
  // Timeouts go in the URL's query so that the whole transport is configured from SMTP_URL.
  for (const [key, value] of [
    ['connectionTimeout', '10000'],
    ['greetingTimeout', '10000'],
    ['socketTimeout', '20000'],
  ] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transport = nodemailer.createTransport(url.toString());
  return {
    name: 'smtp',
    async send(message: TMailMessage) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
