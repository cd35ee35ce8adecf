import type { ContactMessageInput } from '@redline/shared';
import { useForm } from 'react-hook-form';
import { TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const FIELDS = ['name', 'email', 'message'] as const;

export function ContactForm({ defaultValues }: { defaultValues?: Partial<ContactMessageInput> }) {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactMessageInput>({
    resolver: lazyZodResolver(() => import('./contact-schema.ts').then((m) => m.contactMessageInputSchema)),
    defaultValues: { name: '', email: '', message: '', ...defaultValues },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast.success('Thanks! Your message has been sent. We will reply within one business day.');
        reset({ ...values, message: '' });
      },
      onError: (error) => setServerFieldErrors(error, setError, FIELDS),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1">
      <TextField
        id="contact-name"
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="contact-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextAreaField
        id="contact-message"
        label="Message"
        rows={5}
        error={errors.message?.message}
        hint="At least 10 characters."
        {...register('message')}
      />
      <button
        type="submit"
        className="btn btn-primary mt-3 w-full sm:w-auto sm:self-start"
        disabled={send.isPending}
      >
        {send.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Send message
      </button>
    </form>
  );
}
