import { TUS_FILE_ID_HEADER, TUS_METADATA, type UploadConflict } from '@hub/shared/api';
import type { DetailedError, PreviousUpload, Upload, UrlStorage } from 'tus-js-client';
import { RateMeter } from './rate-meter';

/**
 * Where an upload stands. `conflict`: the name exists in the folder, the user chooses replace or keep
 * both; `refused`: said before sending (too large, empty); `offline`: waits for the connection and
 * resumes by itself when it returns.
 */
export type UploadStatus = 'queued' | 'uploading' | 'paused' | 'offline' | 'failed' | 'done' | 'cancelled' | 'conflict' | 'refused';
export type RefusedReason = 'tooLarge' | 'empty';

export interface UploadEntry {
  id: string;
  name: string;
  size: number;
  folderId: number;
  /** The missing file (state 1) this upload fills, if any. */
  slotId: number | null;
  status: UploadStatus;
  bytesSent: number;
  /** Bytes per second over the last seconds; null until it can be told. */
  speed: number | null;
  /** Seconds left at that speed; null until it can be told. */
  secondsLeft: number | null;
  /** The offset a previous upload of the same file (a reload, a dropped connection) was resumed from. */
  resumedFrom: number;
  refused: RefusedReason | null;
  /** The server's message of a failure, when it gave one. */
  error: string | null;
  /** The file row the upload made or filled, when the server said it. */
  fileId: number | null;
}

export interface UploadTarget {
  folderId: number;
  /** Upload into this missing file (its name is kept by the server, so no duplicate check). */
  slotId?: number;
  /** The names already in the folder: a new file with one of them asks replace or keep both. */
  existingNames?: readonly string[];
}

export interface UploadQueueOptions {
  /** The tus endpoint (POST creates an upload). */
  endpoint: string;
  /** Bearer token and context headers, read for every request so a renewed token is used. */
  headers: () => Record<string, string>;
  /** The server's FILES_MAX_SIZE in bytes, or null while unknown. */
  maxSize: () => number | null;
  /** Who uploads: part of the fingerprint, so one person never resumes another's upload. */
  scope: string;
  /** Uploads running at once; the others wait in the queue. */
  parallel?: number;
  /** Bytes per PATCH; unset, one request per file (the progress still moves as the bytes leave). */
  chunkSize?: number;
  retryDelays?: number[];
  /** Where unfinished uploads are remembered across reloads (the browser's localStorage by default). */
  urlStorage?: UrlStorage;
  now?: () => number;
  /** An upload finished: the folder's list has a new or filled file. */
  onUploaded?: (entry: UploadEntry) => void;
}

interface Job {
  file: File;
  conflict: UploadConflict | null;
  upload: Upload | null;
  meter: RateMeter;
  /** The next PATCH is the first since a (re)start: its Upload-Offset tells where the upload resumed. */
  firstPatch: boolean;
}

let counter = 0;

/**
 * The uploads of one person, with tus resumable uploads: each file has its progress, speed and time
 * left, and can be paused, resumed, cancelled and retried. An upload cut by a lost connection waits
 * and resumes from the last byte the server has when the browser is online again; one cut by a
 * reload resumes when the same file is chosen again (tus-js-client's stored fingerprint).
 * Framework-free: React reads it through `subscribe` and `getSnapshot`.
 */
export class UploadQueue {
  private entries: UploadEntry[] = [];
  private readonly jobs = new Map<string, Job>();
  private readonly listeners = new Set<() => void>();
  private readonly options: Required<Pick<UploadQueueOptions, 'parallel' | 'retryDelays' | 'now'>> & UploadQueueOptions;
  private disposed = false;

  constructor(options: UploadQueueOptions) {
    this.options = { parallel: 2, retryDelays: [0, 1000, 3000, 5000], now: () => Date.now(), ...options };
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadEntry[] => this.entries;

  /** Queues files for a folder (or a missing file); each is checked before anything is sent. */
  add(files: readonly File[], target: UploadTarget): UploadEntry[] {
    const existing = new Set((target.existingNames ?? []).map((name) => name.toLowerCase()));
    const maxSize = this.options.maxSize();
    const added: UploadEntry[] = [];
    for (const file of files) {
      counter += 1;
      const refused: RefusedReason | null = maxSize !== null && file.size > maxSize ? 'tooLarge' : file.size === 0 ? 'empty' : null;
      const slotId = target.slotId ?? null;
      const duplicate = slotId === null && existing.has(file.name.toLowerCase());
      const entry: UploadEntry = {
        id: `upload-${counter}`,
        name: file.name,
        size: file.size,
        folderId: target.folderId,
        slotId,
        status: refused ? 'refused' : duplicate ? 'conflict' : 'queued',
        bytesSent: 0,
        speed: null,
        secondsLeft: null,
        resumedFrom: 0,
        refused,
        error: null,
        fileId: null,
      };
      this.jobs.set(entry.id, { file, conflict: null, upload: null, meter: new RateMeter(this.options.now), firstPatch: true });
      added.push(entry);
    }
    this.entries = [...this.entries, ...added];
    this.emit();
    this.pump();
    return added;
  }

  /** The user's answer to a duplicate name. */
  resolveConflict(id: string, choice: UploadConflict): void {
    const job = this.jobs.get(id);
    if (!job || this.find(id)?.status !== 'conflict') return;
    job.conflict = choice;
    this.update(id, { status: 'queued' });
    this.pump();
  }

  pause(id: string): void {
    const job = this.jobs.get(id);
    const status = this.find(id)?.status;
    if (!job || (status !== 'uploading' && status !== 'queued' && status !== 'offline')) return;
    void job.upload?.abort(false);
    this.update(id, { status: 'paused', speed: null, secondsLeft: null });
    this.pump();
  }

  resume(id: string): void {
    if (this.find(id)?.status !== 'paused') return;
    this.update(id, { status: 'queued' });
    this.pump();
  }

  retry(id: string): void {
    if (this.find(id)?.status !== 'failed') return;
    this.update(id, { status: 'queued', error: null });
    this.pump();
  }

  /** Stops an upload for good: the server drops the bytes it has (tus termination). */
  cancel(id: string): void {
    const job = this.jobs.get(id);
    const entry = this.find(id);
    if (!job || !entry || entry.status === 'done' || entry.status === 'cancelled') return;
    const upload = job.upload;
    job.upload = null;
    if (upload) upload.abort(true).catch(() => undefined);
    this.update(id, { status: 'cancelled', speed: null, secondsLeft: null });
    this.pump();
  }

  /** Forgets the finished, cancelled and refused rows. */
  clearFinished(): void {
    const keep = (entry: UploadEntry) => !['done', 'cancelled', 'refused'].includes(entry.status);
    for (const entry of this.entries) if (!keep(entry)) this.jobs.delete(entry.id);
    this.entries = this.entries.filter(keep);
    this.emit();
  }

  dispose(): void {
    this.disposed = true;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('offline', this.onOffline);
    }
    for (const job of this.jobs.values()) void job.upload?.abort(false);
    this.listeners.clear();
  }

  private readonly onOnline = () => {
    for (const entry of this.entries) if (entry.status === 'offline') this.update(entry.id, { status: 'queued' });
    this.pump();
  };

  private readonly onOffline = () => {
    for (const entry of this.entries) {
      if (entry.status !== 'uploading') continue;
      void this.jobs.get(entry.id)?.upload?.abort(false);
      this.update(entry.id, { status: 'offline', speed: null, secondsLeft: null });
    }
  };

  private pump(): void {
    if (this.disposed) return;
    let running = this.entries.filter((entry) => entry.status === 'uploading').length;
    for (const entry of this.entries) {
      if (running >= this.options.parallel) break;
      if (entry.status !== 'queued') continue;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        this.update(entry.id, { status: 'offline' });
        continue;
      }
      running += 1;
      this.update(entry.id, { status: 'uploading' });
      void this.start(entry.id);
    }
  }

  private async start(id: string): Promise<void> {
    const job = this.jobs.get(id);
    const entry = this.find(id);
    if (!job || !entry) return;
    job.meter.reset(entry.bytesSent);
    job.firstPatch = true;
    if (job.upload) {
      // Paused, offline or failed after the upload was made: HEAD asks the server for its offset.
      job.upload.start();
      return;
    }
    const metadata: Record<string, string> = {
      [TUS_METADATA.folderId]: String(entry.folderId),
      [TUS_METADATA.filename]: entry.name,
    };
    if (entry.slotId !== null) metadata[TUS_METADATA.fileId] = String(entry.slotId);
    if (job.conflict) metadata[TUS_METADATA.conflict] = job.conflict;
    const scope = this.options.scope;
    // tus-js-client is fetched with the first upload: browsing the folders does not download it.
    const { Upload: TusUpload } = await import('tus-js-client');
    if (job.upload || this.find(id)?.status !== 'uploading') return;
    const upload = new TusUpload(job.file, {
      endpoint: this.options.endpoint,
      metadata,
      chunkSize: this.options.chunkSize,
      retryDelays: this.options.retryDelays,
      removeFingerprintOnSuccess: true,
      ...(this.options.urlStorage ? { urlStorage: this.options.urlStorage } : {}),
      // The same bytes for the same folder (and slot) by the same person resume; anything else starts anew.
      fingerprint: (file: File) =>
        Promise.resolve(
          ['hub-cm', scope, entry.folderId, entry.slotId ?? '', file.name, file.type, file.size, file.lastModified].join('|'),
        ),
      onBeforeRequest: (request) => {
        for (const [name, value] of Object.entries(this.options.headers())) request.setHeader(name, value);
        if (request.getMethod() === 'PATCH' && job.firstPatch) {
          job.firstPatch = false;
          const offset = Number(request.getHeader('Upload-Offset'));
          if (offset > 0) {
            job.meter.reset(offset);
            this.update(id, { resumedFrom: offset, bytesSent: offset });
          }
        }
      },
      onProgress: (sent, total) => {
        if (this.find(id)?.status !== 'uploading') return;
        const rate = job.meter.sample(sent);
        const secondsLeft = rate && rate > 0 ? Math.max(0, (total - sent) / rate) : null;
        this.update(id, { bytesSent: sent, speed: rate, secondsLeft });
      },
      onSuccess: ({ lastResponse }) => {
        const fileId = Number(lastResponse.getHeader(TUS_FILE_ID_HEADER));
        const done = this.update(id, {
          status: 'done',
          bytesSent: entry.size,
          speed: null,
          secondsLeft: 0,
          fileId: Number.isInteger(fileId) && fileId > 0 ? fileId : null,
        });
        job.upload = null;
        if (done) this.options.onUploaded?.(done);
        this.pump();
      },
      onError: (error) => this.failed(id, error),
    });
    job.upload = upload;
    try {
      const previous = await upload.findPreviousUploads();
      const latest = [...previous].sort((a: PreviousUpload, b: PreviousUpload) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
    } catch {
      // No stored uploads to read (private mode): start from the first byte.
    }
    if (job.upload !== upload || this.find(id)?.status !== 'uploading') return;
    upload.start();
  }

  private failed(id: string, error: Error | DetailedError): void {
    const job = this.jobs.get(id);
    const entry = this.find(id);
    if (!job || !entry || entry.status !== 'uploading') return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.update(id, { status: 'offline', speed: null, secondsLeft: null });
      return;
    }
    const response = 'originalResponse' in error ? error.originalResponse : null;
    const status = response?.getStatus() ?? 0;
    let message: string | null = null;
    try {
      const body = response ? (JSON.parse(response.getBody()) as { message?: unknown }) : null;
      if (body && typeof body.message === 'string') message = body.message;
    } catch {
      // not a JSON answer: no message to show beyond the generic one
    }
    if (status === 409 && !job.conflict && entry.slotId === null) {
      // The name appeared in the folder since the list was read: ask, then send anew.
      job.upload = null;
      this.update(id, { status: 'conflict', speed: null, secondsLeft: null });
    } else if (status === 413) {
      job.upload = null;
      this.update(id, { status: 'refused', refused: 'tooLarge', speed: null, secondsLeft: null });
    } else {
      this.update(id, { status: 'failed', error: message, speed: null, secondsLeft: null });
    }
    this.pump();
  }

  private find(id: string): UploadEntry | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  private update(id: string, change: Partial<UploadEntry>): UploadEntry | undefined {
    let updated: UploadEntry | undefined;
    this.entries = this.entries.map((entry) => {
      if (entry.id !== id) return entry;
      updated = { ...entry, ...change };
      return updated;
    });
    this.emit();
    return updated;
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
