import type { TMailMessage } from '../../adapters/mail/port';
import { escapeHtml } from '../auth/auth.mail';

const PRODUCT = 'STEM@Home';

const wrap = (heading: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;color:#1f2933;font-size:16px;line-height:1.5">
<h1 style="margin:0 0 24px;font-size:22px">${escapeHtml(heading)}</h1>
${body}
<p style="margin:32px 0 0;font-size:13px;color:#7b8794">${PRODUCT}</p>
</div></body></html>`;

/** The mail /payment/success tells the buyer to look for: temporary password, school code, sign-in. */
export function purchaseWelcomeMail(input: {
  to: string;
  name: string;
  planName: string;
  schoolName: string;
  schoolCode: string;
  temporaryPassword: string;
  loginUrl: string;
}): TMailMessage {
  return {
    to: input.to,
    subject: `Your ${PRODUCT} ${input.planName} is ready`,
    link: input.loginUrl,
    text: [
      `Hello ${input.name},`,
      '',
      `Thank you for buying the ${input.planName}. Your account is ready.`,
      '',
      `E-mail: ${input.to}`,
      `Temporary password: ${input.temporaryPassword}`,
      `School code: ${input.schoolCode}`,
      '',
      `Sign in here with your e-mail and the temporary password:`,
      input.loginUrl,
      '',
      `Then change the password: on the sign-in page choose "Forgot password?" and we will send you a link to set your own.`,
      `Your student joins ${input.schoolName} by registering with the school code above.`,
      '',
      PRODUCT,
    ].join('\n'),
    html: wrap(
      `Your ${input.planName} is ready`,
      `<p>Hello ${escapeHtml(input.name)},</p>
<p>Thank you for buying the ${escapeHtml(input.planName)}. Your account is ready.</p>
<p>E-mail: <strong>${escapeHtml(input.to)}</strong><br>
Temporary password: <strong style="font-family:monospace">${escapeHtml(input.temporaryPassword)}</strong><br>
School code: <strong style="font-family:monospace">${escapeHtml(input.schoolCode)}</strong></p>
<p><a href="${escapeHtml(input.loginUrl)}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">Sign in</a></p>
<p>Then change the password: on the sign-in page choose "Forgot password?" and we will send you a link to set your own.</p>
<p>Your student joins ${escapeHtml(input.schoolName)} by registering with the school code above.</p>`,
    ),
  };
}

/** A trial (or lapsed) school that bought a plan: same code, same people, same work. */
export function upgradeConfirmationMail(input: {
  to: string;
  name: string;
  planName: string;
  schoolName: string;
  schoolCode: string;
  loginUrl: string;
}): TMailMessage {
  return {
    to: input.to,
    subject: `${input.schoolName} is now on the ${PRODUCT} ${input.planName}`,
    link: input.loginUrl,
    text: [
      `Hello ${input.name},`,
      '',
      `Thank you: ${input.schoolName} is now on the ${input.planName}. Your school code stays ${input.schoolCode}, and every account, class, question and piece of work is kept.`,
      '',
      input.loginUrl,
      '',
      PRODUCT,
    ].join('\n'),
    html: wrap(
      `You are on the ${input.planName}`,
      `<p>Hello ${escapeHtml(input.name)},</p>
<p>Thank you: ${escapeHtml(input.schoolName)} is now on the ${escapeHtml(input.planName)}. Your school code stays <strong style="font-family:monospace">${escapeHtml(input.schoolCode)}</strong>, and every account, class, question and piece of work is kept.</p>
<p><a href="${escapeHtml(input.loginUrl)}">${escapeHtml(input.loginUrl)}</a></p>`,
    ),
  };
}

/** Paid with an address that already has an account: no second account; the buyer is told. */
export function emailExistsMail(input: { to: string; planName: string }): TMailMessage {
  const text = `A payment for the ${input.planName} was made with ${input.to}, which already belongs to a ${PRODUCT} account, so no second account was made. Please contact support: we will apply the plan to your account or refund it.`;
  return {
    to: input.to,
    subject: `About your ${PRODUCT} purchase`,
    text: [text, '', PRODUCT].join('\n'),
    html: wrap('About your purchase', `<p>${escapeHtml(text)}</p>`),
  };
}
