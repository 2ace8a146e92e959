import type { TMailMessage } from '../../adapters/mail/port';
import type { TAppContext } from '../../context';

const pendingByContext = new WeakMap<TAppContext, Set<Promise<void>>>();

/**
 * Sends a mail without making the caller wait. The "if an account exists, a link has been sent" replies
 * must take the same time whether or not a mail goes out, or the answer time would reveal which e-mail
 * addresses have accounts. A failed delivery is logged, never shown to the requester.
 */
export function deliverInBackground(ctx: TAppContext, message: TMailMessage): void {
  let pending = pendingByContext.get(ctx);
  if (!pending) {
    pending = new Set();
    pendingByContext.set(ctx, pending);
  }
  const sending = ctx.mailer.send(message).catch((err: unknown) => {
    // The recipient's address is personal data: the log names the mail, not the person.
    ctx.logger.error({ err, subject: message.subject }, 'mail delivery failed');
  });
  pending.add(sending);
  void sending.finally(() => pending.delete(sending));
}

/** Waits for mails still being sent (called when the app closes, before the mailer is closed). */
export async function drainDeliveries(ctx: TAppContext): Promise<void> {
  const pending = pendingByContext.get(ctx);
  if (pending) await Promise.allSettled([...pending]);
}

/**
 * Sends many mails (a roster's invitations) one after another in the background: a thousand at once
 * would open a thousand SMTP conversations. Each failure is logged and the next one is sent.
 */
export function deliverAllInBackground(ctx: TAppContext, messages: readonly TMailMessage[]): void {
  if (messages.length === 0) return;
  let pending = pendingByContext.get(ctx);
  if (!pending) {
    pending = new Set();
    pendingByContext.set(ctx, pending);
  }
  const sending = (async () => {
    for (const message of messages) {
      await ctx.mailer.send(message).catch((err: unknown) => {
        ctx.logger.error({ err, subject: message.subject }, 'mail delivery failed');
      });
    }
  })();
  pending.add(sending);
  void sending.finally(() => pending.delete(sending));
}
