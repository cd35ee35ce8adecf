import { NOTIFICATION_KINDS, type UnsubscribeKind } from '@redline/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnsubscribe, useUnsubscribeState } from '../api/unsubscribe.ts';

/** “Price drop” e-mails, or every notification e-mail (a non-breaking hyphen: “e-” never ends a line). */
function whatStops(kind: UnsubscribeKind): string {
  return kind === 'all'
    ? 'all notification e\u2011mails'
    : `“${NOTIFICATION_KINDS[kind].label}” e\u2011mails`;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <section className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-6 sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {children}
        </div>
      </section>
    </div>
  );
}

const settingsLink = (
  <Link to={paths.dashNotificationSettings} className="link link-primary font-medium">
    notification settings
  </Link>
);

/**
 * The page an e-mail's unsubscribe link opens: it says what the link stops and asks before it
 * stops it (opening the link changes nothing: mail scanners open links). No sign-in: the link's
 * signed token is enough.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token);

  if (token === '' || state.isError) {
    return (
      <Panel title="This link is not valid">
        <p className="text-base-content/80">
          {token === ''
            ? 'The unsubscribe link is incomplete: open it again from the e-mail.'
            : state.error?.message}
        </p>
        <p className="text-sm text-base-content/75">
          You can choose which e-mails you get in your {settingsLink}.
        </p>
      </Panel>
    );
  }
  if (state.isPending) {
    return (
      <Panel title="Unsubscribe">
        <Spinner label="Reading the link" />
      </Panel>
    );
  }

  const what = whatStops(state.data.kind);
  if (!state.data.email) {
    return (
      <Panel title="You are unsubscribed">
        <p role="status" className="text-base-content/80">
          You will no longer get {what} from Redline. You still see them in the app.
        </p>
        <p className="text-sm text-base-content/75">
          Changed your mind? Turn them back on in your {settingsLink}.
        </p>
      </Panel>
    );
  }
  return (
    <Panel title={`Stop ${what}?`}>
      <p className="text-base-content/80">
        {state.data.kind === 'all'
          ? 'Redline will e-mail you no notifications.'
          : `Redline will no longer e-mail you when: ${NOTIFICATION_KINDS[state.data.kind].description.toLowerCase()}`}{' '}
        You will still see them in the app.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate()}
      >
        {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
      </button>
      <p className="text-sm text-base-content/75">Or choose exactly what you get in your {settingsLink}.</p>
    </Panel>
  );
}
