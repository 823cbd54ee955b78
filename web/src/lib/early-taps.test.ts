// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const form = document.createElement('form');
    const submit = addButton('submit');
    form.append(submit);
    document.body.append(form);
    const heldBack: boolean[] = [];
    form.addEventListener('submit', (event) => {
      heldBack.push(event.defaultPrevented);
      // Nothing navigates in this test (React's handler does this on the page).
      event.preventDefault();
    });
    submit.click();
    expect(heldBack).toEqual([true]);
    stopCapturingEarlyTaps();
    replayEarlyTap();
    vi.runAllTimers();
    // Sent again, now for the page's own handler: not held back this time.
    expect(heldBack).toEqual([true, false]);
  });
});
