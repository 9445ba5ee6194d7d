/**
 * An e-mail address that may wrap before its `@` and nowhere else: in a narrow table column it
 * reads "ana.silva" / "@example.com" rather than being cut mid-word.
 */
export function EmailText({ email = '' }: { email?: string }) {
  const at = email.lastIndexOf('@')
  if (at <= 0) return <>{email}</>
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  )
}
