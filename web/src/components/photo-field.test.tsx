// @vitest-environment jsdom
import { IMAGE_TOO_LARGE_MESSAGE } from '@firstday/common/images';
import { act, cleanup, fireEvent, render as renderPlain, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WithEnglish } from '../lib/test-i18n.tsx';
import { PhotoField } from './photo-field.tsx';

const render = (ui: ReactElement) => renderPlain(ui, { wrapper: WithEnglish });

/** Stands in for the browser's XMLHttpRequest: the test decides when progress and the answer come. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  private listeners = new Map<string, (() => void)[]>();
  upload = {
    listeners: [] as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[],
    addEventListener: (
      _: string,
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) => {
      this.upload.listeners.push(listener);
    },
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  abort() {
    for (const listener of this.listeners.get('abort') ?? []) listener();
  }
  progress(loaded: number, total: number) {
    act(() => {
      for (const listener of this.upload.listeners) listener({ lengthComputable: true, loaded, total });
    });
  }
  async answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => {
      for (const listener of this.listeners.get('load') ?? []) listener();
    });
  }
}

beforeEach(() => {
  FakeRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function pick(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'bump.jpg', { type: 'image/jpeg' });

describe('PhotoField', () => {
  it('offers the camera and the library, and refuses a file too large or not an image before uploading', () => {
    render(<PhotoField label="Cover photo" value={null} onChange={() => {}} hint="Up to 15 MB." />);
    expect(screen.getByRole('group', { name: 'Cover photo' })).toBeTruthy();
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('image/*');

    const huge = photo();
    Object.defineProperty(huge, 'size', { value: 16 * 1024 * 1024 });
    pick(huge);
    expect(screen.getByRole('alert').textContent).toBe(IMAGE_TOO_LARGE_MESSAGE);
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toMatch(/not a photo we can read/);
    expect(FakeRequest.sent).toHaveLength(0);
  });

  it('uploads with visible progress, then hands over the new id', async () => {
    const onChange = vi.fn();
    const onBusyChange = vi.fn();
    render(<PhotoField label="Cover photo" value={null} onChange={onChange} onBusyChange={onBusyChange} />);
    pick(photo());
    const [request] = FakeRequest.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/images');
    expect((request!.body!.get('file') as File).name).toBe('bump.jpg');
    expect(onBusyChange).toHaveBeenLastCalledWith(true);

    request!.progress(50, 100);
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();
    expect((document.querySelector('progress') as HTMLProgressElement).value).toBe(50);
    expect(screen.getByRole('button', { name: 'Cancel upload' })).toBeTruthy();

    await request!.answer(201, { id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', width: 1600, height: 1200 });
    expect(onChange).toHaveBeenCalledWith('7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f');
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
  });

  it("shows the server's reason when it refuses the photo", async () => {
    const onChange = vi.fn();
    render(<PhotoField label="Cover photo" value={null} onChange={onChange} />);
    pick(photo());
    const message = 'This photo has too many pixels (at most 50 megapixels). Please choose a smaller one.';
    await FakeRequest.sent[0]!.answer(400, { error: { code: 'invalid_image', message, fields: { file: message } } });
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('previews a chosen photo with its srcset, and replaces or removes it', () => {
    const onChange = vi.fn();
    const id = '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
    render(<PhotoField label="Cover photo" value={id} onChange={onChange} previewAlt="Your cover photo" />);
    const preview = screen.getByRole('img', { name: 'Your cover photo' });
    expect(preview.getAttribute('srcset')).toContain(`/images/${id}/1280.webp 1280w`);
    expect(screen.getByRole('button', { name: 'Replace photo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
