// @vitest-environment jsdom
import { act, cleanup, render as renderPlain, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithEnglish } from '../lib/test-i18n.tsx';
import { ALTCHA_CHALLENGE_URL } from './altcha-loader.ts';
import { CaptchaField } from './captcha-field';

const render = (ui: ReactElement) => renderPlain(ui, { wrapper: WithEnglish });

afterEach(cleanup);

function dispatchWidgetEvent(name: string, detail?: unknown) {
  const widget = document.querySelector('altcha-widget');
  if (!widget) throw new Error('no altcha-widget rendered');
  act(() => {
    widget.dispatchEvent(new CustomEvent(name, { detail }));
  });
}

describe('CaptchaField with ALTCHA', () => {
  it('renders a labelled checkbox pointed at the challenge endpoint, described by the form', async () => {
    render(
      <>
        <p id="captcha-help">Helps us keep robots out.</p>
        <CaptchaField onChange={() => {}} describedBy="captcha-help" invalid />
      </>,
    );
    const checkbox = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    // React 19 hands custom elements their known properties rather than attributes.
    expect(document.querySelector('altcha-widget')?.getConfiguration().challenge).toBe(ALTCHA_CHALLENGE_URL);
    await vi.waitFor(() => expect(checkbox.getAttribute('aria-describedby')).toBe('captcha-help'));
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('link[data-altcha]')).not.toBeNull();
  });

  it('reports the payload when verified and null when reset or expired', async () => {
    const onChange = vi.fn();
    render(<CaptchaField onChange={onChange} />);
    await screen.findByRole('checkbox', { name: "I'm not a robot" });

    dispatchWidgetEvent('statechange', { state: 'verifying', payload: null });
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
    dispatchWidgetEvent('statechange', { state: 'verified', payload: 'c29sdmVk' });
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith('c29sdmVk'));
    dispatchWidgetEvent('expired');
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
    dispatchWidgetEvent('statechange', { state: 'verified', payload: 'YWdhaW4=' });
    dispatchWidgetEvent('statechange', { state: 'unverified', payload: null });
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
  });
});
