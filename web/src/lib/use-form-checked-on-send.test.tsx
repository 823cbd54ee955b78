// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormCheckedOnSend } from './use-form-checked-on-send.ts';

type Values = { firstName: string; lastName: string; bankKind: string; giftMails: boolean; hideTotal: boolean };
const DEFAULTS: Values = { firstName: 'Bench', lastName: 'Parent', bankKind: '', giftMails: true, hideTotal: false };

let read: () => Values = () => DEFAULTS;

/** A form as the wizard's first step draws it on the server: the defaults written into the HTML. */
function Form() {
  const { register, getValues, watch } = useFormCheckedOnSend<Values>({ defaultValues: DEFAULTS });
  read = getValues;
  const bankKind = watch('bankKind');
  return (
    <form>
      <input aria-label="First name" defaultValue={DEFAULTS.firstName} {...register('firstName')} />
      <input aria-label="Last name" defaultValue={DEFAULTS.lastName} {...register('lastName')} />
      {['us', 'iban'].map((kind) => (
        <input key={kind} type="radio" value={kind} defaultChecked={bankKind === kind} {...register('bankKind')} />
      ))}
      {bankKind === 'iban' && <input aria-label="IBAN" />}
      <input type="checkbox" aria-label="Gift e-mails" defaultChecked={DEFAULTS.giftMails} {...register('giftMails')} />
      <input type="checkbox" aria-label="Hide total" defaultChecked={DEFAULTS.hideTotal} {...register('hideTotal')} />
    </form>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useFormCheckedOnSend on a page rendered on the server (decisions 035, 036)', () => {
  it('keeps what was typed and chosen before React ran, and the defaults the server wrote', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    // The visitor, before the scripts run: a name typed, a bank's country chosen (not the group's first).
    const [first] = container.querySelectorAll('input');
    (first as HTMLInputElement).value = 'Ada';
    (container.querySelector('input[value="iban"]') as HTMLInputElement).checked = true;
    // Both switches turned: one off, one on.
    (container.querySelector('input[aria-label="Gift e-mails"]') as HTMLInputElement).checked = false;
    (container.querySelector('input[aria-label="Hide total"]') as HTMLInputElement).checked = true;

    await act(async () => {
      hydrateRoot(container, <Form />);
    });

    expect(read()).toEqual({
      firstName: 'Ada',
      lastName: 'Parent',
      bankKind: 'iban',
      giftMails: false,
      hideTotal: true,
    });
    expect((container.querySelector('input[aria-label="Gift e-mails"]') as HTMLInputElement).checked).toBe(false);
    expect((container.querySelector('input[aria-label="Hide total"]') as HTMLInputElement).checked).toBe(true);
    expect(container.querySelector('input[aria-label="IBAN"]')).not.toBeNull();
    expect((container.querySelector('input[value="iban"]') as HTMLInputElement).checked).toBe(true);
  });

  it('leaves the defaults alone when nothing was touched', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Form />);
    });
    expect(read()).toEqual(DEFAULTS);
    expect(container.querySelector('input[aria-label="IBAN"]')).toBeNull();
  });
});
