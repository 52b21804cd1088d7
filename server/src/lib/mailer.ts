import nodemailer from 'nodemailer';

import type { SmtpConfig } from '../config/app-config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail; the server has one only when SMTP_HOST is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A mailer over SMTP (implicit TLS on port 465, STARTTLS when the server offers it). */
export function createSmtpMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.user === null ? undefined : { user: smtp.user, pass: smtp.password ?? '' },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: smtp.from, ...message });
    },
  };
}
