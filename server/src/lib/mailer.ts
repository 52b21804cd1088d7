import type { Transporter } from 'nodemailer';

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

/**
 * A mailer over SMTP (implicit TLS on port 465, STARTTLS when the server offers it); nodemailer
 * is loaded with the first message.
 */
export function createSmtpMailer(smtp: SmtpConfig): Mailer {
  let transport: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.port === 465,
      auth: smtp.user === null ? undefined : { user: smtp.user, pass: smtp.password ?? '' },
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
  };
  return {
    async send(message) {
      transport ??= connect();
      await (await transport).sendMail({ from: smtp.from, ...message });
    },
  };
}
