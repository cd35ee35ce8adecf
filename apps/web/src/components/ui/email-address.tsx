/**
 * An e-mail address that wraps, when it must, before its "@" rather than mid-word: the page's rule
 * lets an unbroken word break anywhere (index.css); an address keeps its two halves whole unless
 * one alone is wider than its box.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  return (
    <span className="wrap-break-word">
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  );
}
