/**
 * The feed's API key: none yet, or the one made (its first characters, when made and last used).
 * Making one asks the declarations for every car the feed will send; a new key stops the old at once
 * and revoking stops it, each after a confirmation. A key made is shown this once, with a copy button.
 */
import type { ImportCommitInput } from '@redline/shared';
import { useState } from 'react';
import { ErrorState, ListSkeleton } from '../../../components/ui/list-states.tsx';
import { LocalDate } from '../../../components/ui/local-date.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { toast } from '../../../lib/toast.ts';
import { useApiKey, useCreateApiKey, useRevokeApiKey } from '../api/api-key.ts';
import { DeclarationsForm } from './declarations-form.tsx';

const DECLARATIONS_LEGEND =
  'Each car the feed sends is posted with these declarations, as the Post a Car form asks them. Tick each one to confirm it is true of every car your system will send.';

export function ApiKeyPanel() {
  const apiKey = useApiKey();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [made, setMade] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  const [replacing, setReplacing] = useState<ImportCommitInput | null>(null);
  const [revoking, setRevoking] = useState(false);

  const make = (input: ImportCommitInput) =>
    create.mutate(input, {
      onSuccess: (created) => {
        setMade(created.key);
        setMaking(false);
      },
      onSettled: () => setReplacing(null),
    });

  if (apiKey.isPending) return <ListSkeleton label="Loading your API key" rows={1} />;
  if (apiKey.isError)
    return (
      <ErrorState
        message={`Could not load your API key. ${apiKey.error.message}`}
        onRetry={() => apiKey.refetch()}
      />
    );
  const kept = apiKey.data;
  return (
    <div className="flex flex-col gap-4">
      {made ? <NewKey value={made} onDone={() => setMade(null)} /> : null}
      {kept ? (
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-base-content/70">Key</dt>
          <dd className="font-mono">{kept.prefix}…</dd>
          <dt className="text-base-content/70">Made</dt>
          <dd>
            <LocalDate value={kept.createdAt} />
          </dd>
          <dt className="text-base-content/70">Last used</dt>
          <dd>{kept.lastUsedAt ? <LocalDate value={kept.lastUsedAt} /> : 'Never'}</dd>
        </dl>
      ) : (
        <p className="text-sm text-base-content/75">You have no API key: no feed can send your cars.</p>
      )}
      {making ? (
        <DeclarationsForm
          legend={DECLARATIONS_LEGEND}
          submitLabel={kept ? 'Make the new key' : 'Make the key'}
          pending={create.isPending}
          onSubmit={(input) => (kept ? setReplacing(input) : make(input))}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setMaking(true)}>
            {kept ? 'Make a new key' : 'Make a key'}
          </button>
          {kept ? (
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              onClick={() => setRevoking(true)}
            >
              Revoke
            </button>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={replacing !== null}
        onClose={() => setReplacing(null)}
        onConfirm={() => replacing && make(replacing)}
        title="Make a new key?"
        confirmLabel="Make a new key"
        pending={create.isPending}
      >
        The key you have now stops working at once: your system's feed fails until you give it the new one.
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking}
        onClose={() => setRevoking(false)}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              toast.success('Your API key is revoked');
              setMade(null);
            },
            onSettled: () => setRevoking(false),
          })
        }
        title="Revoke your API key?"
        confirmLabel="Revoke"
        pending={revoke.isPending}
      >
        Your system's feed stops working at once. You can make a new key later.
      </ConfirmDialog>
    </div>
  );
}

/** The key just made, shown this once: Redline keeps only its hash. */
function NewKey({ value, onDone }: { value: string; onDone: () => void }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast.success('The key is copied'),
      () => setCopyFailed(true),
    );
  return (
    <div role="alert" className="alert alert-success flex flex-col items-stretch gap-2 sm:flex-col">
      <p className="font-medium">Your new key. Copy it now: it is not shown again.</p>
      <code className="block break-all rounded bg-base-100 px-2 py-1 font-mono text-sm text-base-content">
        {value}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-sm" onClick={copy}>
          Copy
        </button>
        <button type="button" className="btn btn-sm" onClick={onDone}>
          I have saved it
        </button>
      </div>
      {copyFailed ? <p className="text-sm">Could not copy: select the key and copy it.</p> : null}
    </div>
  );
}
