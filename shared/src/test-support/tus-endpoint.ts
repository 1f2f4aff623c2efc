import type { Answer, Route, SeenRequest } from './api-server';

/** One resumable upload as the endpoint holds it. */
export interface TusUpload {
  id: string;
  length: number;
  metadata: Record<string, string>;
  /** The bytes received so far, in order. */
  bytes: Buffer;
  /** The offsets PATCH requests started at (a resumed upload starts past 0). */
  patchOffsets: number[];
  terminated: boolean;
  /** The request headers of its creation (the bearer token, the context headers). */
  headers: SeenRequest['headers'];
}

export interface TusEndpointOptions {
  /** The endpoint's path; uploads live under it. */
  path?: string;
  /** Answers a creation instead of accepting it (409 for a duplicate name, 413 for a too-large file). */
  onCreate?: (upload: TusUpload) => Answer | undefined;
  /** Extra headers on the answer to the PATCH that completes an upload (the file id it made). */
  onComplete?: (upload: TusUpload) => Record<string, string>;
}

const EXPOSED = 'Location, Upload-Offset, Upload-Length, Tus-Resumable, Upload-File-Id';

function parseMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}

/**
 * A real tus 1.0 endpoint (creation, HEAD, PATCH, termination) as a route of `startApiServer`, for
 * component tests of resumable uploads. It keeps the bytes in memory. `holdAt(offset)` keeps the
 * answer to a PATCH that reaches `offset` waiting until released, so a test can see an upload in
 * flight (progress, pause, cancel); `failAt(offset)` answers such a PATCH with a 500 once.
 */
export function tusEndpoint(options: TusEndpointOptions = {}) {
  const path = options.path ?? '/api/v2/uploads';
  const uploads = new Map<string, TusUpload>();
  let counter = 0;
  let hold: { offset: number; released: Promise<void>; release: () => void } | null = null;
  let failAt: number | null = null;

  const answer = (status: number, headers: Record<string, string> = {}): Answer => ({
    status,
    text: '',
    headers: { 'Tus-Resumable': '1.0.0', 'Access-Control-Expose-Headers': EXPOSED, 'Cache-Control': 'no-store', ...headers },
  });

  const route: Route = async (req, request) => {
    if (request.path === path && request.method === 'POST') {
      counter += 1;
      const upload: TusUpload = {
        id: `u${counter}`,
        length: Number(req.headers['upload-length']),
        metadata: parseMetadata(req.headers['upload-metadata'] as string | undefined),
        bytes: Buffer.alloc(0),
        patchOffsets: [],
        terminated: false,
        headers: req.headers,
      };
      const refused = options.onCreate?.(upload);
      if (refused) return { ...refused, headers: { 'Access-Control-Expose-Headers': EXPOSED, ...refused.headers } };
      uploads.set(upload.id, upload);
      return answer(201, { Location: `${path}/${upload.id}` });
    }
    if (!request.path.startsWith(`${path}/`)) return undefined;
    const upload = uploads.get(request.path.slice(path.length + 1));
    if (!upload || upload.terminated) return answer(404);
    if (request.method === 'HEAD') {
      return answer(200, { 'Upload-Offset': String(upload.bytes.length), 'Upload-Length': String(upload.length) });
    }
    if (request.method === 'DELETE') {
      upload.terminated = true;
      return answer(204);
    }
    if (request.method === 'PATCH') {
      const offset = Number(req.headers['upload-offset']);
      if (offset !== upload.bytes.length) return answer(409);
      upload.patchOffsets.push(offset);
      const reached = offset + request.raw.length;
      if (failAt !== null && reached >= failAt) {
        failAt = null;
        return { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'The disk is full' } };
      }
      upload.bytes = Buffer.concat([upload.bytes, request.raw]);
      if (hold && reached >= hold.offset) await hold.released;
      const complete = upload.bytes.length === upload.length;
      return answer(204, { 'Upload-Offset': String(upload.bytes.length), ...(complete ? options.onComplete?.(upload) : {}) });
    }
    return undefined;
  };

  return {
    route,
    uploads,
    /** The uploads in creation order. */
    list: () => [...uploads.values()],
    /** Keeps the answer to the PATCH that reaches `offset` until the returned function is called. */
    holdAt(offset: number): () => void {
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { offset, released, release };
      return () => {
        hold = null;
        release();
      };
    },
    /** The PATCH that reaches `offset` fails with a 500 (once). */
    failAt(offset: number): void {
      failAt = offset;
    },
  };
}
