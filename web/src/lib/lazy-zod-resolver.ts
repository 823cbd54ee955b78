import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadOnce } from './load-once.ts';

/** A form's resolver that loads its checks on demand; `warm` starts loading them. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & { warm: () => void };

/**
 * react-hook-form's zod resolver for a schema loaded when the form is first touched (`warm`, from
 * the form's focus or press) or, at the latest, sent: zod and the schemas stay out of the scripts a
 * server-rendered form's page runs to hydrate (decision 036), and the form checks what is sent as
 * before. A failed load is tried again on the next send. zod's switch loads with it
 * (zod-without-eval.ts). Create it once per module, not per render.
 */
export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): LazyResolver<z.input<Schema>, z.output<Schema>> {
  type Loaded = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  const load = loadOnce(() =>
    Promise.all([import('./zod-without-eval.ts'), import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([, { zodResolver }, schema]) => zodResolver(schema) as unknown as Loaded,
    ),
  );
  const resolver: Loaded = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { warm: () => void load().catch(() => {}) });
}
