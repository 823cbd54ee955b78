// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The state lives in the module: every test starts from a fresh copy.
async function loadModule() {
  vi.resetModules();
  return import('./signed-in-state.ts');
}

function answer(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

const VERIFIED = { session: { id: 's' }, user: { id: 'u', emailVerified: true } };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type StateModule = Awaited<ReturnType<typeof loadModule>>;
let state: StateModule;

function Probe({ label }: { label: string }) {
  return <p data-testid={label}>{state.useSignedInState()}</p>;
}

async function renderState() {
  state = await loadModule();
  return state;
}

describe('useSignedInState', () => {
  it('is unknown in the prerendered HTML and asks nothing while rendering it', async () => {
    await renderState();
    expect(renderToString(<Probe label="a" />)).toContain('unknown');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the session endpoint after mount and reports a verified session as signed in', async () => {
    fetchMock.mockImplementation(() => answer(VERIFIED));
    await renderState();
    render(<Probe label="a" />);
    expect(screen.getByTestId('a').textContent).toBe('unknown');
    expect(await screen.findByText('signed-in')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/get-session',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('reports no session, and a session whose e-mail is not verified, as signed out', async () => {
    for (const body of [null, { session: { id: 's' }, user: { id: 'u', emailVerified: false } }]) {
      fetchMock.mockImplementation(() => answer(body));
      await renderState();
      render(<Probe label="a" />);
      expect(await screen.findByText('signed-out')).toBeTruthy();
      cleanup();
    }
  });

  it('stays unknown when the server fails or cannot be reached', async () => {
    for (const failure of [() => answer({ error: {} }, 500), () => Promise.reject(new TypeError('offline'))]) {
      fetchMock.mockImplementation(failure);
      await renderState();
      render(<Probe label="a" />);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
      await act(async () => {});
      expect(screen.getByTestId('a').textContent).toBe('unknown');
      cleanup();
      fetchMock.mockClear();
    }
  });

  it('shares one request between the header and the page, and a page opened later starts from the answer', async () => {
    fetchMock.mockImplementation(() => answer(VERIFIED));
    await renderState();
    render(
      <>
        <Probe label="header" />
        <Probe label="page" />
      </>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('page').textContent).toBe('signed-in'));
    expect(screen.getByTestId('header').textContent).toBe('signed-in');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    cleanup();
    render(<Probe label="later" />);
    expect(screen.getByTestId('later').textContent).toBe('signed-in');
  });

  it('forgets the answer after signing out', async () => {
    fetchMock.mockImplementation(() => answer(VERIFIED));
    const { forgetSignedInState } = await renderState();
    render(<Probe label="a" />);
    expect(await screen.findByText('signed-in')).toBeTruthy();
    act(() => forgetSignedInState());
    expect(screen.getByTestId('a').textContent).toBe('unknown');
  });
});
