// @vitest-environment jsdom
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { captureEarlyTaps, replayEarlyTap, stopCapturingEarlyTaps } from './early-taps.ts';

afterEach(() => {
  document.body.innerHTML = '';
  window.firstdayEarlyTaps = undefined;
  vi.useRealTimers();
});

function addButton(type: string) {
  const button = document.createElement('button');
  button.type = type as 'button';
  button.innerHTML = '<span>14</span>';
  document.body.append(button);
  return button;
}

/** A form on the page with its submit button. */
function addForm() {
  const form = document.createElement('form');
  const submit = addButton('submit');
  form.append(submit);
  document.body.append(form);
  return { form, submit };
}

/** Whether each form sent was held back from its native send, seen last in its path (after the holder). */
function watchSubmits(): boolean[] {
  const heldBack: boolean[] = [];
  const watch = (event: Event) => {
    heldBack.push(event.defaultPrevented);
    // Nothing navigates in this test.
    event.preventDefault();
  };
  window.addEventListener('submit', watch);
  onTestFinished(() => window.removeEventListener('submit', watch));
  return heldBack;
}

describe('early taps', () => {
  it('presses again, once the page runs, the last button tapped before React took over', () => {
    vi.useFakeTimers();
    captureEarlyTaps();
    const first = addButton('button');
    const second = addButton('button');
    first.click();
    second.querySelector('span')?.click();
    stopCapturingEarlyTaps();
    // React handles this one itself.
    first.click();
    const pressed = vi.fn();
    second.addEventListener('click', pressed);
    first.addEventListener('click', pressed);
    replayEarlyTap();
    vi.runAllTimers();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(pressed.mock.contexts[0]).toBe(second);
    // Once only.
    replayEarlyTap();
    vi.runAllTimers();
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('replays nothing when nothing was tapped, or only a submit button', () => {
    vi.useFakeTimers();
    captureEarlyTaps();
    const submit = addButton('submit');
    submit.addEventListener('click', (event) => event.preventDefault());
    submit.click();
    const pressed = vi.fn();
    submit.addEventListener('click', pressed);
    replayEarlyTap();
    vi.runAllTimers();
    expect(pressed).not.toHaveBeenCalled();
  });

  it('holds a form sent before React runs, instead of sending it natively, and sends it once the page runs', () => {
    vi.useFakeTimers();
    captureEarlyTaps();
    const { form, submit } = addForm();
    const heldBack = watchSubmits();
    submit.click();
    // Held before anything else in the page sees it.
    expect(heldBack).toEqual([]);
    expect(window.firstdayEarlyTaps?.form).toBe(form);
    stopCapturingEarlyTaps();
    replayEarlyTap();
    vi.runAllTimers();
    // Sent again, now for the page's own handler: not held back this time.
    expect(heldBack).toEqual([false]);
  });

  it('holds a form sent while React hydrates, even where its own part has hydrated, until the page has run', () => {
    vi.useFakeTimers();
    captureEarlyTaps();
    const { form, submit } = addForm();
    stopCapturingEarlyTaps();
    // React's handler, its part hydrated: it would send the form with the fields beside it not yet hydrated.
    let handledByReact = 0;
    form.addEventListener('submit', (event) => {
      handledByReact += 1;
      event.preventDefault();
    });
    watchSubmits();
    submit.click();
    expect(handledByReact).toBe(0);
    expect(window.firstdayEarlyTaps?.form).toBe(form);
    // The page has run: React sees the form once, now.
    replayEarlyTap();
    vi.runAllTimers();
    expect(handledByReact).toBe(1);
    expect(window.firstdayEarlyTaps).toBeUndefined();
  });
});

/** Fields whose state React holds, as Calendar Info's end-of-calendar choice and invitation; each change is counted. */
function ControlledFields({ onChoice }: { onChoice: (choice: string) => void }) {
  const [choice, setChoice] = useState('payout');
  const [invitation, setInvitation] = useState('Guess the day!');
  const [reminders, setReminders] = useState(false);
  return (
    <div>
      {['payout', 'refund'].map((option) => (
        <input
          key={option}
          type="radio"
          name="end"
          value={option}
          checked={choice === option}
          onChange={() => {
            setChoice(option);
            onChoice(option);
          }}
        />
      ))}
      <textarea aria-label="Invitation" value={invitation} onChange={(event) => setInvitation(event.target.value)} />
      <input type="checkbox" checked={reminders} onChange={(event) => setReminders(event.target.checked)} />
      <output>{`${choice} | ${invitation} | ${reminders}`}</output>
    </div>
  );
}

describe('fields changed before React runs (a page rendered on the server)', () => {
  it('are reported to React once the page runs, as the visitor changed them', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ControlledFields onChoice={() => {}} />);
    document.body.append(container);
    captureEarlyTaps();
    // The visitor, before the scripts run: 'refund' chosen (after 'payout' in passing), a new invitation, a switch on.
    const [payout, refund] = container.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    refund!.click();
    payout!.click();
    refund!.click();
    const invitation = container.querySelector('textarea')!;
    invitation.value = 'Come and guess, Grandma!';
    invitation.dispatchEvent(new Event('input', { bubbles: true }));
    container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();

    const choices: string[] = [];
    stopCapturingEarlyTaps();
    await act(async () => {
      hydrateRoot(container, <ControlledFields onChoice={(choice) => choices.push(choice)} />);
    });
    // Hydrated, React still holds the server's state while the screen shows the visitor's.
    expect(container.querySelector('output')?.textContent).toBe('payout | Guess the day! | false');
    await act(async () => replayEarlyTap());

    expect(container.querySelector('output')?.textContent).toBe('refund | Come and guess, Grandma! | true');
    expect(choices).toEqual(['refund']);
    expect(refund!.checked).toBe(true);
    expect(payout!.checked).toBe(false);
    expect(invitation.value).toBe('Come and guess, Grandma!');
  });

  it('leaves fields nobody changed alone', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ControlledFields onChoice={() => {}} />);
    document.body.append(container);
    captureEarlyTaps();
    const choices: string[] = [];
    stopCapturingEarlyTaps();
    await act(async () => {
      hydrateRoot(container, <ControlledFields onChoice={(choice) => choices.push(choice)} />);
    });
    await act(async () => replayEarlyTap());
    expect(container.querySelector('output')?.textContent).toBe('payout | Guess the day! | false');
    expect(choices).toEqual([]);
  });
});
