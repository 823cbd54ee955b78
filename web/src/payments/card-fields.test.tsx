// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render as renderBare, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import { CardFields, EMPTY_CARD } from './card-fields.tsx';

const i18n = createServerI18n('en');
const render = (ui: ReactNode) => renderBare(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

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
