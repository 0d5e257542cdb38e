import type { FastifyInstance } from 'fastify';
import { gameRecordOf, parseRecordId } from './game-records.js';
import { httpError } from './http-errors.js';
import type { RoomRepository } from './store/room-repository.js';

/**
 * `GET /api/games/<id>/record`: a game's record while its room is kept, and
 * only once its server seed has been revealed; before that, and for any other
 * id, the same 404, so the answer tells nothing about a game still on.
 */
export async function gameRecords(app: FastifyInstance, { store }: { store: RoomRepository }): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/games/:id/record', async (request, reply) => {
    const { id } = request.params;
    const wanted = parseRecordId(id);
    const room = wanted === null ? null : await store.load(wanted.code);
    const record = room === null ? null : gameRecordOf(room, await store.journal(room.code), id);
    if (record === null) return reply.code(404).send(httpError(404));
    return reply.header('cache-control', 'no-store').send(record);
  });
}
