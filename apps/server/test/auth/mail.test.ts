import { describe, expect, it } from 'vitest';
import {
  describeDuration,
  escapeHtml,
  magicLinkMail,
  resetPasswordMail,
  welcomeMail,
} from '../../src/modules/auth/auth.mail';

describe('auth.mail', () => {
  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
  });

  it.each([
    [15 * 60_000, '15 minutes'],
    [60 * 60_000, '1 hour'],
    [2 * 60 * 60_000, '2 hours'],
    [60_000, '1 minute'],
  ])('describes %i ms as %s', (ms, text) => {
    expect(describeDuration(ms)).toBe(text);
  });

  it('builds a magic-link mail with the link, its lifetime and the product name in both bodies', () => {
    const link = 'http://localhost:3000/login/verify?token=abc&x=1';
    const mail = magicLinkMail({
      to: 'a@example.com',
      name: '<script>x</script>',
      link,
      ttlMs: 15 * 60_000,
    });
    expect(mail.subject).toBe('Your STEM@Home sign-in link');
    expect(mail.link).toBe(link);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('STEM@Home');
      expect(body).toContain('15 minutes');
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('href="http://localhost:3000/login/verify?token=abc&amp;x=1"');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
  });

  it('builds reset and welcome mails that escape user text', () => {
    const reset = resetPasswordMail({
      to: 'a@example.com',
      name: 'O"Brien <b>',
      link: 'http://localhost:3000/reset-password?token=t',
      ttlMs: 60 * 60_000,
    });
    expect(reset.text).toContain('1 hour');
    expect(reset.html).toContain('O&quot;Brien &lt;b&gt;');
    const welcome = welcomeMail({
      to: 'a@example.com',
      name: 'Ann',
      schoolName: '<img src=x onerror=alert(1)>',
      loginUrl: 'http://localhost:3000/login',
    });
    expect(welcome.html).not.toContain('<img');
    expect(welcome.text).toContain('http://localhost:3000/login');
  });
});
