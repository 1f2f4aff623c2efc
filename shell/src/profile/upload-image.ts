import { ApiError, IMAGE_FILE_FIELD, type Image } from '@hub/shared/api';

export interface UploadOptions {
  /** The full URL of POST /api/images. */
  url: string;
  token: string | null;
  headers?: Record<string, string | undefined>;
  file: File;
  /** 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void;
}

/**
 * POST /api/images (multipart: the text fields first, then the file part), through
 * XMLHttpRequest because fetch reports no upload progress. Resolves with the new image; rejects
 * with an ApiError carrying the status and the server's message.
 */
export function uploadProfileImage({ url, token, headers = {}, file, onProgress }: UploadOptions): Promise<Image> {
  const form = new FormData();
  form.append('category', 'profile');
  form.append('name', file.name);
  form.append(IMAGE_FILE_FIELD, file);
  return new Promise<Image>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body as Image);
      } else {
        const error = body as { statusCode?: number; error?: string; message?: string } | null;
        reject(new ApiError(xhr.status, error?.message ?? xhr.statusText, error?.message ? (error as never) : null));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'Network error')));
    xhr.send(form);
  });
}
