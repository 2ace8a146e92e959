/** A message ready to send: both an HTML and a plain-text body. */
export type TMailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, logged by the outbox adapter so a developer can follow it. */
  link?: string;
};

export interface MailPort {
  readonly name: 'smtp' | 'outbox';
  send(message: TMailMessage): Promise<void>;
  close(): Promise<void>;
}
