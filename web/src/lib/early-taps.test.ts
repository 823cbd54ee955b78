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
});
