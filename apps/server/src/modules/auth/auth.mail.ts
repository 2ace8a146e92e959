import type { TMailMessage } from '../../adapters/mail/port';

/** The mails of the accounts flows: plain, friendly, HTML with a text twin. */

const PRODUCT = 'STEM@Home';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** "15 minutes", "1 hour", "2 hours". */
export function describeDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

type TLayout = {
  heading: string;
  paragraphs: string[];
  button?: { label: string; href: string };
  after?: string[];
};

/** Wraps already-escaped paragraphs in a small, inline-styled page that mail clients render alike. */
export function layout(content: TLayout): string {
  const p = (html: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${html}</p>`;
  const button = content.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.button.href)}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(content.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#52606d">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(content.button.href)}" style="color:#1c7ed6;word-break:break-all">${escapeHtml(content.button.href)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#1f2933">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(p).join('\n')}
${button}
${(content.after ?? []).map(p).join('\n')}
<p style="margin:32px 0 0;font-size:13px;color:#7b8794">${PRODUCT}</p>
</div></body></html>`;
}

export function magicLinkMail(input: {
  to: string;
  name: string;
  link: string;
  ttlMs: number;
}): TMailMessage {
  const lasts = describeDuration(input.ttlMs);
  return {
    to: input.to,
    subject: `Your ${PRODUCT} sign-in link`,
    link: input.link,
    text: [
      `Hello ${input.name},`,
      '',
      `Use this link to sign in to ${PRODUCT}:`,
      input.link,
      '',
      `The link works once and expires in ${lasts}.`,
      `If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the link.`,
      '',
      PRODUCT,
    ].join('\n'),
    html: layout({
      heading: `Sign in to ${PRODUCT}`,
      paragraphs: [
        `Hello ${escapeHtml(input.name)},`,
        `Use the button below to sign in to ${PRODUCT}. The link works once and expires in ${lasts}.`,
      ],
      button: { label: `Sign in to ${PRODUCT}`, href: input.link },
      after: [
        'If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the link.',
      ],
    }),
  };
}

export function resetPasswordMail(input: {
  to: string;
  name: string;
  link: string;
  ttlMs: number;
}): TMailMessage {
  const lasts = describeDuration(input.ttlMs);
  return {
    to: input.to,
    subject: `Reset your ${PRODUCT} password`,
    link: input.link,
    text: [
      `Hello ${input.name},`,
      '',
      `Somebody (we hope you) asked to reset the password of your ${PRODUCT} account. Choose a new password here:`,
      input.link,
      '',
      `The link works once and expires in ${lasts}.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      PRODUCT,
    ].join('\n'),
    html: layout({
      heading: 'Reset your password',
      paragraphs: [
        `Hello ${escapeHtml(input.name)},`,
        `Somebody (we hope you) asked to reset the password of your ${PRODUCT} account. The link works once and expires in ${lasts}.`,
      ],
      button: { label: 'Choose a new password', href: input.link },
      after: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
    }),
  };
}

export function welcomeMail(input: {
  to: string;
  name: string;
  schoolName: string;
  loginUrl: string;
}): TMailMessage {
  return {
    to: input.to,
    subject: `Welcome to ${PRODUCT}`,
    link: input.loginUrl,
    text: [
      `Hello ${input.name},`,
      '',
      `Your ${PRODUCT} account at ${input.schoolName} is ready. Sign in with your e-mail address and password here:`,
      input.loginUrl,
      '',
      `Your teacher will add you to a class; your questions and marked work will then appear on your dashboard.`,
      '',
      PRODUCT,
    ].join('\n'),
    html: layout({
      heading: `Welcome to ${PRODUCT}`,
      paragraphs: [
        `Hello ${escapeHtml(input.name)},`,
        `Your ${PRODUCT} account at <strong>${escapeHtml(input.schoolName)}</strong> is ready. Sign in with your e-mail address and password.`,
      ],
      button: { label: 'Sign in', href: input.loginUrl },
      after: [
        'Your teacher will add you to a class; your questions and marked work will then appear on your dashboard.',
      ],
    }),
  };
}

/**
 * The welcome of an account the platform owner made for a school (its admin, or a Personal plan's
 * teacher): where to sign in, and a single-use link to choose their own password. No password is
 * ever mailed; the one the owner set is theirs to pass on, or to forget.
 */
export function staffWelcomeMail(input: {
  to: string;
  name: string;
  role: 'admin' | 'teacher';
  schoolName: string;
  loginUrl: string;
  setPasswordLink: string;
  ttlMs: number;
}): TMailMessage {
  const lasts = describeDuration(input.ttlMs);
  const what = input.role === 'admin' ? 'the admin account' : 'the teacher account';
  const first =
    input.role === 'admin'
      ? "Once signed in you reach the Admin Dashboard: add your school's teachers and classes from All Users and Create Class."
      : 'Once signed in, create your first class and question from your dashboard.';
  return {
    to: input.to,
    subject: `Your ${PRODUCT} account for ${input.schoolName}`,
    link: input.setPasswordLink,
    text: [
      `Hello ${input.name},`,
      '',
      `${PRODUCT} has made ${what} of ${input.schoolName} for this e-mail address (${input.to}).`,
      '',
      'Choose your own password with this link (it works once):',
      input.setPasswordLink,
      '',
      `Then sign in at ${input.loginUrl} with this e-mail address and that password. If the link has expired, use "Forgot password?" on the sign-in page for a new one.`,
      '',
      first,
      '',
      PRODUCT,
    ].join('\n'),
    html: layout({
      heading: `Welcome to ${PRODUCT}`,
      paragraphs: [
        `Hello ${escapeHtml(input.name)},`,
        `${PRODUCT} has made ${what} of <strong>${escapeHtml(input.schoolName)}</strong> for this e-mail address (${escapeHtml(input.to)}). Choose your own password with the button below. The link works once and expires in ${lasts}.`,
      ],
      button: { label: 'Choose my password', href: input.setPasswordLink },
      after: [
        `Then sign in at <a href="${escapeHtml(input.loginUrl)}" style="color:#1c7ed6">${escapeHtml(input.loginUrl)}</a> with this e-mail address and that password. If the link has expired, use “Forgot password?” on the sign-in page for a new one.`,
        escapeHtml(first),
      ],
    }),
  };
}

/** The trial sign-up link (issue 18): proves the address belongs to whoever starts the trial. */
export function trialLinkMail(input: { to: string; link: string; ttlMs: number }): TMailMessage {
  const lasts = describeDuration(input.ttlMs);
  return {
    to: input.to,
    subject: `Start your ${PRODUCT} free trial`,
    link: input.link,
    text: [
      'Hello,',
      '',
      `Use this link to create your ${PRODUCT} trial account (14 days, free):`,
      input.link,
      '',
      `The link works for ${lasts}.`,
      'If you did not ask for a trial, you can ignore this e-mail: nothing is created without the link.',
      '',
      PRODUCT,
    ].join('\n'),
    html: layout({
      heading: `Start your free trial`,
      paragraphs: [
        'Hello,',
        `Use the button below to create your ${PRODUCT} trial account (14 days, free). The link works for ${lasts}.`,
      ],
      button: { label: 'Create my trial account', href: input.link },
      after: [
        'If you did not ask for a trial, you can ignore this e-mail: nothing is created without the link.',
      ],
    }),
  };
}

/** "ABCD-EFGH-IJKL-MNOP" for a 16-character code (spec 01 §2). */
function groupCode(code: string): string {
  return code.length === 16 ? (code.match(/.{4}/g) ?? [code]).join('-') : code;
}

/** The new school's code, to the address that registered it (spec 01 §2: "the code is e-mailed"). */
export function schoolCodeMail(input: {
  to: string;
  name: string;
  schoolName: string;
  code: string;
  subject: string;
  loginUrl: string;
  expiresOn?: string | undefined;
}): TMailMessage {
  const grouped = groupCode(input.code);
  const trialLine = input.expiresOn ? `Your free trial runs until ${input.expiresOn}.` : '';
  return {
    to: input.to,
    subject: input.subject,
    link: input.loginUrl,
    text: [
      `Hello ${input.name},`,
      '',
      `Your school ${input.schoolName} is ready. Its school code is:`,
      '',
      grouped,
      '',
      'Students join your school by registering with this code. You can see it again at any time in Settings.',
      ...(trialLine ? [trialLine] : []),
      '',
      `Sign in here: ${input.loginUrl}`,
      '',
      PRODUCT,
    ].join('\n'),
    html: layout({
      heading: 'Your school code',
      paragraphs: [
        `Hello ${escapeHtml(input.name)},`,
        `Your school <strong>${escapeHtml(input.schoolName)}</strong> is ready. Its school code is:`,
        `<strong style="font-family:monospace;font-size:20px;letter-spacing:2px">${escapeHtml(grouped)}</strong>`,
        'Students join your school by registering with this code. You can see it again at any time in Settings.',
        ...(trialLine ? [escapeHtml(trialLine)] : []),
      ],
      button: { label: 'Sign in', href: input.loginUrl },
    }),
  };
}

/**
 * The invitation of a person the school admin added (issue 29 rosters: a CSV import or one invite):
 * a single-use link to choose their password, valid 7 days. The admin can send it again.
 */
export function invitationMail(input: {
  to: string;
  name: string;
  role: 'student' | 'teacher';
  schoolName: string;
  link: string;
  loginUrl: string;
  ttlMs: number;
}): TMailMessage {
  const lasts = describeDays(input.ttlMs);
  const what = input.role === 'teacher' ? 'a teacher' : 'a student';
  return {
    to: input.to,
    subject: `You are invited to ${PRODUCT} by ${input.schoolName}`,
    link: input.link,
    text: [
      `Hello ${input.name},`,
      '',
      `${input.schoolName} has made you a ${PRODUCT} account as ${what}, for this e-mail address (${input.to}).`,
      '',
      'Choose your password with this link (it works once):',
      input.link,
      '',
      `The link expires in ${lasts}; if it has, ask your school admin to send the invitation again.`,
      `Then sign in at ${input.loginUrl} with this e-mail address and that password.`,
      '',
      PRODUCT,
    ].join('\n'),
    html: layout({
      heading: `Welcome to ${PRODUCT}`,
      paragraphs: [
        `Hello ${escapeHtml(input.name)},`,
        `<strong>${escapeHtml(input.schoolName)}</strong> has made you a ${PRODUCT} account as ${what}, for this e-mail address (${escapeHtml(input.to)}). Choose your password with the button below. The link works once and expires in ${lasts}.`,
      ],
      button: { label: 'Choose my password', href: input.link },
      after: [
        `Then sign in at <a href="${escapeHtml(input.loginUrl)}" style="color:#1c7ed6">${escapeHtml(input.loginUrl)}</a> with this e-mail address and that password. If the link has expired, ask your school admin to send the invitation again.`,
      ],
    }),
  };
}

/** A password reset the school admin sent (issue 29): no password is ever shown or mailed. */
export function adminResetMail(input: {
  to: string;
  name: string;
  schoolName: string;
  link: string;
  ttlMs: number;
}): TMailMessage {
  const lasts = describeDuration(input.ttlMs);
  return {
    to: input.to,
    subject: `Choose a new ${PRODUCT} password`,
    link: input.link,
    text: [
      `Hello ${input.name},`,
      '',
      `The admin of ${input.schoolName} sent you a link to choose a new password for your ${PRODUCT} account:`,
      input.link,
      '',
      `The link works once and expires in ${lasts}. Until you use it, your password stays as it is.`,
      '',
      PRODUCT,
    ].join('\n'),
    html: layout({
      heading: 'Choose a new password',
      paragraphs: [
        `Hello ${escapeHtml(input.name)},`,
        `The admin of <strong>${escapeHtml(input.schoolName)}</strong> sent you a link to choose a new password for your ${PRODUCT} account. The link works once and expires in ${lasts}.`,
      ],
      button: { label: 'Choose a new password', href: input.link },
      after: ['Until you use it, your password stays as it is.'],
    }),
  };
}

/** "7 days" for a whole number of days, else as `describeDuration` says it. */
function describeDays(ms: number): string {
  const days = ms / (24 * 60 * 60 * 1000);
  return Number.isInteger(days) ? `${days} day${days === 1 ? '' : 's'}` : describeDuration(ms);
}
