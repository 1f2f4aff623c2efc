import type { FastifyInstance } from 'fastify';
import type { FileRow } from '../../../../plugins/app/file-exchange/file-exchange-repository';

function fileEvent(type: 'file.uploaded' | 'file.state', row: FileRow) {
  return {
    type,
    file_id: row.id,
    folder_id: row.folder_id,
    collection_id: row.collection_id,
    entity_id: row.entity_id,
    name: row.name,
    state: row.state,
    comment: row.comment,
  };
}

/** A customer uploaded: his entity's consultants and the administrators are told, and the entity's other users. */
export async function notifyUpload(fastify: FastifyInstance, row: FileRow, uploaderId: number): Promise<void> {
  const { customers, staff } = await fastify.fileExchangeRepository.audience(row.entity_id);
  const to = [...staff, ...customers].filter((id) => id !== uploaderId);
  // The upload is done and committed: a lost notice is logged, never answered as a failure.
  await fastify.fileEvents
    .publish(fileEvent('file.uploaded', row), to)
    .catch((error: unknown) => fastify.log.error({ err: error }, 'file event not sent'));
}

/** Staff marked a file ok or problem: the entity's users are told (and the other staff, for their counters). */
export async function notifyStateChange(fastify: FastifyInstance, row: FileRow): Promise<void> {
  const { customers, staff } = await fastify.fileExchangeRepository.audience(row.entity_id);
  await fastify.fileEvents
    .publish(fileEvent('file.state', row), [...customers, ...staff])
    .catch((error: unknown) => fastify.log.error({ err: error }, 'file event not sent'));
}
