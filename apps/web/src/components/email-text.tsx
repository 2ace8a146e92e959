/**
 * An e-mail address that wraps before its '@' when its column is narrow, rather than wherever the
 * width runs out ("student25.abc@example.c" / "om"). Still breaks anywhere as a last resort.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
