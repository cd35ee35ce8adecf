import { MESSAGE_MAX_LENGTH } from '@redline/shared';
import { type FormEvent, useId, useState } from 'react';
import { charactersLeft } from '../../../components/ui/characters-left.ts';

type MessageComposerProps = {
  label: string;
  placeholder?: string;
  pending: boolean;
  /** Sends the text; resolves true when it was sent (the field then empties). */
  onSend: (body: string) => Promise<boolean>;
};

/** A message's field and its Send button (Ctrl or ⌘ + Enter sends too). */
export function MessageComposer({ label, placeholder, pending, onSend }: MessageComposerProps) {
  const [body, setBody] = useState('');
  const id = useId();
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!body.trim() || pending) return;
    if (await onSend(body)) setBody('');
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        className="textarea textarea-bordered min-h-24 w-full"
        value={body}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
        }}
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-base-content/70">
          {charactersLeft(body.length, MESSAGE_MAX_LENGTH)}
        </span>
        <button type="submit" className="btn btn-primary btn-sm min-w-24" disabled={pending || !body.trim()}>
          {pending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Send
        </button>
      </div>
    </form>
  );
}
