import type { UploadedImage } from '@firstday/common/images';
import { ApiError, NETWORK_ERROR_CODE, toApiError } from '../lib/api.ts';

/**
 * `POST /api/images` with the upload's progress (0 to 1), which fetch cannot report: an
 * XMLHttpRequest. Aborting rejects with an AbortError, like fetch.
 */
export function uploadImage(
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/images');
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300 && body) return resolve(body as UploadedImage);
      reject(
        toApiError(
          { status: request.status, statusText: request.statusText, body },
          request.getResponseHeader('Retry-After'),
        ),
      );
    });
    request.addEventListener('error', () =>
      reject(new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'The upload did not reach the server.' })),
    );
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
