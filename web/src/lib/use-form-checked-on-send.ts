import { useCallback, useEffect, useRef } from 'react';
import {
  type FieldPath,
  type FieldValues,
  type PathValue,
  type RegisterOptions,
  type UseFormProps,
  type UseFormRegister,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';

/**
 * What was typed into a text field, or chosen with a radio button, before React ran (a
 * server-rendered form), else null: a value the server did not write into the HTML. A switch
 * (checkbox) turned then needs no help: it stays turned and its value is read (the hook's test and
 * account.spec.ts check both ways).
 */
function readEarlyValue(element: unknown): string | null {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null;
  if (element instanceof HTMLInputElement && element.type === 'radio')
    return element.checked && !element.defaultChecked ? element.value : null;
  if (element instanceof HTMLInputElement && ['checkbox', 'file'].includes(element.type)) return null;
  return element.value === element.defaultValue ? null : element.value;
}

/**
 * Every form of the app (decision 025): react-hook-form, checked when it is sent. A field's error
 * goes away as soon as the field changes and comes back only if the next send still refuses it,
 * so nobody is told 'not valid yet' while typing the correction.
 */
export function useFormCheckedOnSend<Values extends FieldValues = FieldValues, Context = unknown, Output = Values>(
  props: UseFormProps<Values, Context, Output>,
): UseFormReturn<Values, Context, Output> {
  const form = useForm<Values, Context, Output>({ ...props, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const { watch, clearErrors, register: registerField, setValue } = form;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);

  // A field of a page rendered on the server can be typed into before React runs (decision 035), a
  // radio button chosen (decision 036: the wizard's first step); registering it would set it to its
  // default value. What was typed or chosen is kept instead, on the field's first registration
  // only: later ones (each render) must not undo a value the form set since.
  const registered = useRef(new Set<string>());
  const register = useCallback(
    (name: FieldPath<Values>, options?: RegisterOptions<Values, FieldPath<Values>>) => {
      const registration = registerField(name, options);
      return {
        ...registration,
        ref: (element: unknown) => {
          // Each radio button of a group registers under the group's name: any of them may be the one chosen.
          const key =
            element instanceof HTMLInputElement && element.type === 'radio' ? `${name}=${element.value}` : name;
          const first = element !== null && !registered.current.has(key);
          if (first) registered.current.add(key);
          const early = first ? readEarlyValue(element) : null;
          registration.ref(element as HTMLInputElement | null);
          if (early === null) return;
          const field = element as HTMLInputElement;
          // Typed by the visitor: a change of theirs, which a reset to fresher saved values keeps.
          if (field.type === 'radio' || field.value !== early)
            setValue(name, early as PathValue<Values, FieldPath<Values>>, { shouldDirty: true });
        },
      };
    },
    [registerField, setValue],
  ) as UseFormRegister<Values>;
  return { ...form, register };
}
