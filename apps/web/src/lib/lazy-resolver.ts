/**
 * Form validation that loads on the first validation (a submit, usually), not with the page: zod and
 * the schema come with `loadSchema`, zod's react-hook-form resolver with it (docs/decisions/0002).
 * The page's first JavaScript then carries the form, and the rules arrive while the visitor types.
 *
 *   useForm<SignInInput>({ resolver: lazyZodResolver(() => import('./schemas.ts').then((m) => m.signInSchema)) })
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function lazyZodResolver<Input extends FieldValues, Output extends FieldValues = Input>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
    );
    return (await resolver)(values, context, options);
  };
}
