import nodemailer from 'nodemailer';

/** One message as the mail adapter sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailResult {
  /** 'outbox': kept for the Outbox screen only; 'sent': handed to the SMTP server; 'failed': see error. */
  status: 'outbox' | 'sent' | 'failed';
  error?: string;
}

/** How mail leaves: the outbox by default (nothing leaves the machine), SMTP when SMTP_URL is configured. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<MailResult>;
}

/** The offline default: every message is kept in the outbox table by the caller and goes nowhere else. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  async send(): Promise<MailResult> {
    return { status: 'outbox' };
  }
}

/** SMTP through nodemailer (smtp://user:pass@host:port or smtps://…). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: nodemailer.Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(message: MailMessage): Promise<MailResult> {
    try {
      await this.transport.sendMail({ from: this.from, ...message });
      return { status: 'sent' };
    } catch (error) {
      return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  }
}

export function createMailer(config: { smtpUrl?: string; mailFrom: string }): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer();
}
