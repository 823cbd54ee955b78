// @vitest-environment jsdom
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
    const { submit } = addForm();
    const heldBack = watchSubmits();
    submit.click();
    expect(heldBack).toEqual([true]);
    stopCapturingEarlyTaps();
    replayEarlyTap();
    vi.runAllTimers();
    // Sent again, now for the page's own handler: not held back this time.
    expect(heldBack).toEqual([true, false]);
  });

  it('holds a form sent while React hydrates, which React does not send for it, but not one React has handled', () => {
    vi.useFakeTimers();
    captureEarlyTaps();
    const { form, submit } = addForm();
    stopCapturingEarlyTaps();
    let handledByReact = 0;
    let reactHandles = true;
    form.addEventListener('submit', (event) => {
      if (!reactHandles) return;
      handledByReact += 1;
      event.preventDefault();
    });
    watchSubmits();
    // Its part hydrated: React's handler took it.
    submit.click();
    expect(window.firstdayEarlyTaps?.form).toBeNull();
    // Its part not hydrated yet: nothing prevents the native send, so it is held.
    reactHandles = false;
    submit.click();
    expect(window.firstdayEarlyTaps?.form).toBe(form);
    reactHandles = true;
    replayEarlyTap();
    vi.runAllTimers();
    expect(handledByReact).toBe(2);
    expect(window.firstdayEarlyTaps).toBeUndefined();
  });
});
