import { startApiServer } from '@hub/shared/test-support';
import { tusEndpoint } from '@hub/shared/test-support/tus-endpoint';
import { waitFor } from '@testing-library/react';
import { UploadQueue, type UploadEntry } from './upload-queue';

const api = startApiServer();
let tus: ReturnType<typeof tusEndpoint>;
const queues: UploadQueue[] = [];

beforeEach(() => {
  tus = tusEndpoint({ onComplete: () => ({ 'Upload-File-Id': '77' }) });
  api.routes = [tus.route];
  localStorage.clear();
});
afterEach(() => {
  for (const queue of queues.splice(0)) queue.dispose();
});

const CHUNK = 64 * 1024;
const sources = new WeakMap<File, Buffer>();
function bytes(size: number, seed = 1): File {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) data[i] = (i * 31 + seed) % 251;
  const file = new File([data], `data-${seed}.csv`, { type: 'text/csv', lastModified: 1_700_000_000_000 });
  sources.set(file, data);
  return file;
}
/** The bytes a test file was made of (jsdom's File cannot be read back with arrayBuffer()). */
async function content(file: File): Promise<Buffer> {
  return sources.get(file)!;
}

function makeQueue(overrides: Partial<ConstructorParameters<typeof UploadQueue>[0]> = {}) {
  const uploaded: UploadEntry[] = [];
  const queue = new UploadQueue({
    endpoint: `${api.apiBase}/v2/uploads`,
    headers: () => ({ Authorization: 'Bearer files-token' }),
    maxSize: () => 10 * 1024 * 1024,
    scope: 'user-1',
    chunkSize: CHUNK,
    retryDelays: [],
    onUploaded: (entry) => uploaded.push(entry),
    ...overrides,
  });
  queues.push(queue);
  const entry = (id: string) => queue.getSnapshot().find((item) => item.id === id)!;
  return { queue, uploaded, entry };
}

describe('UploadQueue', () => {
  it('should send a file through tus with its folder, name and token, reporting progress until done', async () => {
    const { queue, uploaded, entry } = makeQueue();
    const file = bytes(CHUNK * 3 + 100);
    const seen: number[] = [];
    queue.subscribe(() => seen.push(queue.getSnapshot()[0]!.bytesSent));
    const [added] = queue.add([file], { folderId: 12, existingNames: ['other.csv'] });
    await waitFor(() => expect(entry(added!.id).status).toBe('done'));
    const [upload] = tus.list();
    expect(upload!.metadata).toEqual({ folderId: '12', filename: 'data-1.csv' });
    expect(upload!.headers.authorization).toBe('Bearer files-token');
    expect(upload!.bytes.equals(await content(file))).toBe(true);
    expect(new Set(seen.filter((value) => value > 0 && value < file.size)).size).toBeGreaterThanOrEqual(2);
    expect(entry(added!.id)).toMatchObject({ bytesSent: file.size, fileId: 77 });
    expect(uploaded.map((item) => item.id)).toEqual([added!.id]);
  });

  it('should fill a missing file by its id, without asking about its name', async () => {
    const { queue, entry } = makeQueue();
    const [added] = queue.add([bytes(1000)], { folderId: 12, slotId: 5, existingNames: ['data-1.csv'] });
    await waitFor(() => expect(entry(added!.id).status).toBe('done'));
    expect(tus.list()[0]!.metadata).toEqual({ folderId: '12', fileId: '5', filename: 'data-1.csv' });
  });

  it('should refuse a file over the maximum size and an empty file before sending anything', async () => {
    const { queue } = makeQueue({ maxSize: () => 500 });
    const [large, empty] = queue.add([bytes(501), new File([], 'empty.txt')], { folderId: 1 });
    expect(large).toMatchObject({ status: 'refused', refused: 'tooLarge' });
    expect(empty).toMatchObject({ status: 'refused', refused: 'empty' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toEqual([]);
  });

  it('should ask about a name that exists in the folder, then send the choice with the upload', async () => {
    const { queue, entry } = makeQueue();
    const [added] = queue.add([bytes(1000)], { folderId: 3, existingNames: ['DATA-1.csv'] });
    expect(added!.status).toBe('conflict');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toEqual([]);
    queue.resolveConflict(added!.id, 'keep-both');
    await waitFor(() => expect(entry(added!.id).status).toBe('done'));
    expect(tus.list()[0]!.metadata.conflict).toBe('keep-both');
  });

  it('should ask when the server answers that the name was taken meanwhile', async () => {
    tus = tusEndpoint({
      onCreate: (upload) =>
        upload.metadata.conflict ? undefined : { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'taken' } },
    });
    api.routes = [tus.route];
    const { queue, entry } = makeQueue();
    const [added] = queue.add([bytes(1000)], { folderId: 3 });
    await waitFor(() => expect(entry(added!.id).status).toBe('conflict'));
    queue.resolveConflict(added!.id, 'replace');
    await waitFor(() => expect(entry(added!.id).status).toBe('done'));
    expect(tus.list()[0]!.metadata.conflict).toBe('replace');
  });

  it('should pause and resume an upload in flight, resuming from the bytes the server has', async () => {
    const { queue, entry } = makeQueue();
    const file = bytes(CHUNK * 4);
    const release = tus.holdAt(CHUNK * 2);
    const [added] = queue.add([file], { folderId: 1 });
    await waitFor(() => expect(tus.list()[0]?.bytes.length).toBe(CHUNK * 2));
    queue.pause(added!.id);
    expect(entry(added!.id).status).toBe('paused');
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entry(added!.id).status).toBe('paused');
    queue.resume(added!.id);
    await waitFor(() => expect(entry(added!.id).status).toBe('done'));
    expect(tus.list()).toHaveLength(1);
    expect(tus.list()[0]!.patchOffsets).toEqual([0, CHUNK, CHUNK * 2, CHUNK * 3]);
    expect(tus.list()[0]!.bytes.equals(await content(file))).toBe(true);
  });

  it('should show a failure with the server message, and retry from where it stopped', async () => {
    const { queue, entry } = makeQueue();
    const file = bytes(CHUNK * 3);
    tus.failAt(CHUNK * 2);
    const [added] = queue.add([file], { folderId: 1 });
    await waitFor(() => expect(entry(added!.id).status).toBe('failed'));
    expect(entry(added!.id)).toMatchObject({ error: 'The disk is full', bytesSent: expect.any(Number) });
    queue.retry(added!.id);
    await waitFor(() => expect(entry(added!.id).status).toBe('done'));
    expect(tus.list()[0]!.patchOffsets.slice(-2)).toEqual([CHUNK, CHUNK * 2]);
    expect(tus.list()[0]!.bytes.equals(await content(file))).toBe(true);
  });

  it('should cancel an upload in flight and have the server drop its bytes', async () => {
    const { queue, entry, uploaded } = makeQueue();
    const release = tus.holdAt(CHUNK);
    const [added] = queue.add([bytes(CHUNK * 3)], { folderId: 1 });
    await waitFor(() => expect(tus.list()[0]?.bytes.length).toBe(CHUNK));
    queue.cancel(added!.id);
    release();
    await waitFor(() => expect(tus.list()[0]!.terminated).toBe(true));
    expect(entry(added!.id).status).toBe('cancelled');
    expect(uploaded).toEqual([]);
  });

  it('should resume after a reload when the same file is chosen again, from the last byte received', async () => {
    const file = bytes(CHUNK * 4, 9);
    const first = makeQueue();
    const release = tus.holdAt(CHUNK * 2);
    first.queue.add([file], { folderId: 4 });
    await waitFor(() => expect(tus.list()[0]?.bytes.length).toBe(CHUNK * 2));
    first.queue.dispose(); // the page goes away
    release();

    const second = makeQueue();
    const [again] = second.queue.add([file], { folderId: 4 });
    await waitFor(() => expect(second.entry(again!.id).status).toBe('done'));
    expect(tus.list()).toHaveLength(1);
    expect(tus.list()[0]!.patchOffsets).toEqual([0, CHUNK, CHUNK * 2, CHUNK * 3]);
    expect(second.entry(again!.id).resumedFrom).toBe(CHUNK * 2);
    expect(tus.list()[0]!.bytes.equals(await content(file))).toBe(true);
  });

  it('should not resume an upload meant for another folder', async () => {
    const file = bytes(CHUNK * 2, 5);
    const first = makeQueue();
    const release = tus.holdAt(CHUNK);
    first.queue.add([file], { folderId: 4 });
    await waitFor(() => expect(tus.list()[0]?.bytes.length).toBe(CHUNK));
    first.queue.dispose();
    release();
    const second = makeQueue();
    const [again] = second.queue.add([file], { folderId: 8 });
    await waitFor(() => expect(second.entry(again!.id).status).toBe('done'));
    expect(tus.list()).toHaveLength(2);
    expect(tus.list()[1]!.metadata.folderId).toBe('8');
  });

  it('should wait while the browser is offline and resume when it is online again', async () => {
    const { queue, entry } = makeQueue();
    const file = bytes(CHUNK * 3, 3);
    const release = tus.holdAt(CHUNK);
    const [added] = queue.add([file], { folderId: 1 });
    await waitFor(() => expect(tus.list()[0]?.bytes.length).toBe(CHUNK));
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(entry(added!.id).status).toBe('offline');
    release();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(entry(added!.id).status).toBe('done'));
    onLine.mockRestore();
    expect(tus.list()).toHaveLength(1);
    expect(tus.list()[0]!.bytes.equals(await content(file))).toBe(true);
  });
});
