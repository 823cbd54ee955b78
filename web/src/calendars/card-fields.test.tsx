import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardFields, EMPTY_CARD } from './card-fields.tsx';

afterEach(cleanup);

const HINT = 'The 3 digits on the back of the card.';

describe('CardFields', () => {
  it('describes the CVS with its hint while it is fine', () => {
    render(<CardFields card={EMPTY_CARD} errors={{}} onChange={() => {}} cvcHint={HINT} />);
    expect(screen.getAllByText(HINT)).toHaveLength(1);
  });

  it('shows only the error once the CVS is wrong, as the error already says where the digits are', () => {
    const error = 'The CVS is the 3 digits on the back of the card.';
    render(<CardFields card={EMPTY_CARD} errors={{ cvc: error }} onChange={() => {}} cvcHint={HINT} />);
    expect(screen.queryByText(HINT)).toBeNull();
    const cvs = screen.getByLabelText('CVS');
    const describedBy = (cvs.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([error]);
  });
});
