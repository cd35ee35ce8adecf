import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';
import { ContactForm } from '../../features/contact/index.ts';
import { useMe } from '../../lib/auth.ts';

const HOURS = [
  { days: 'Monday – Friday', time: '9:00 – 18:00' },
  { days: 'Saturday', time: '10:00 – 16:00' },
  { days: 'Sunday', time: 'Closed' },
] as const;

export default function ContactPage() {
  const me = useMe();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHead
        title="Contact us"
        description="Write to the Redline team: questions about a car, a booking, a payment or your account."
        canonical={paths.contact}
      />
      <header className="mb-10 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact us</h1>
        <p className="mt-2 text-base-content/75">
          Questions about a car, a booking or selling with us? Write to us and a real person answers within
          one business day.
        </p>
      </header>
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-title" className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 id="contact-form-title" className="card-title">
              Send us a message
            </h2>
            <ContactForm
              key={me.data?.id ?? 'guest'}
              defaultValues={me.data ? { name: me.data.name, email: me.data.email } : undefined}
            />
          </div>
        </section>
        <aside aria-label="Our showroom" className="flex flex-col gap-6">
          <div>
            <h2 className="text-lg font-semibold">Showroom</h2>
            <address className="mt-2 not-italic leading-relaxed">
              Redline Motors
              <br />
              1200 Grand Avenue, Suite 400
              <br />
              Los Angeles, CA 90015
              <br />
              United States
            </address>
          </div>
          <div>
            <h2 className="text-lg font-semibold">Phone and e-mail</h2>
            <p className="mt-2">
              <a className="link" href="tel:+12135550142">
                +1 (213) 555-0142
              </a>
            </p>
            <p>
              <a className="link" href="mailto:hello@redline.example">
                hello@redline.example
              </a>
            </p>
          </div>
          <div>
            <h2 className="text-lg font-semibold">Opening hours</h2>
            <table className="table table-sm mt-2 w-auto">
              <caption className="sr-only">Opening hours (Pacific Time)</caption>
              <tbody>
                {HOURS.map((row) => (
                  <tr key={row.days}>
                    <th scope="row" className="ps-0 font-normal">
                      {row.days}
                    </th>
                    <td>{row.time}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-sm text-base-content/75">
              Pacific Time. Test drives by appointment, seven days a week.
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
