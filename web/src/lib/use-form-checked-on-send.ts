import { useEffect } from 'react';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';

/**
 * Every form of the app (decision 025): react-hook-form, checked when it is sent. A field's error
 * goes away as soon as the field changes and comes back only if the next send still refuses it,
 * so nobody is told 'not valid yet' while typing the correction.
 */
export function useFormCheckedOnSend<Values extends FieldValues = FieldValues, Context = unknown, Output = Values>(
  props: UseFormProps<Values, Context, Output>,
): UseFormReturn<Values, Context, Output> {
  const form = useForm<Values, Context, Output>({ ...props, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const { watch, clearErrors } = form;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);
  return form;
}
