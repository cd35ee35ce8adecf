import { displayPhone } from '@redline/shared';

/** A stored phone number as a link, in international format (loaded lazily: dealer-phone.tsx). */
export default function PhoneLink({ phone }: { phone: string }) {
  const { text, href } = displayPhone(phone);
  return (
    <a className="link" href={href}>
      {text}
    </a>
  );
}
