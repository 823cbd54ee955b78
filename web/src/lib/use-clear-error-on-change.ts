import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * For a form checked when it is sent (`reValidateMode: 'onSubmit'`): a field's error goes away as soon
 * as the field changes, and comes back only if the next send still refuses it. The person is not told
 * 'not valid yet' while they type the correction.
 */
export function useClearErrorOnChange<Values extends FieldValues, Context, Output>(
  form: Pick<UseFormReturn<Values, Context, Output>, 'watch' | 'clearErrors'>,
): void {
  const { watch, clearErrors } = form;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);
}
