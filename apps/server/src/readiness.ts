import type { FastifyInstance } from 'fastify';
import { seedGenerator, SEED_BYTES } from '@rollcall/rules';
import { newRoom } from './room-record.js';
import { newId } from './secrets.js';
import type { RoomRepository } from './store/room-repository.js';

/** The probe room never plays, so any dice do. */
const probeDice = seedGenerator(new Uint8Array(SEED_BYTES));

/** How long the store may take to prove it can write before the answer is "not ready". */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Prove the store can commit right now with a real write through the same
 * contract as every move: store a finished room under a code no client can
 * name (room codes are letters only), then purge it, which only rooms
 * finished before 1970 match. A full disk, a corrupt file or a lost Redis
 * fails here as a move would.
 */
async function probeStore(store: RoomRepository, now: number): Promise<void> {
  const code = `~ready-${newId()}`;
  const room = { ...newRoom({ code, now, generator: probeDice, seal: null, hostTokenHash: null }), status: 'finished' as const, finishedAt: 0 };
  if (!(await store.create(room, { kind: 'create', seat: null, detail: {}, version: 0, at: now }))) {
    throw new Error('the probe room was not stored');
  }
  await store.purge({ finishedBefore: 1, idleBefore: 0 });
}

/**
 * `/healthz`: the process answers (liveness). `/readyz`: the store can commit
 * right now (readiness), for the load balancer and the container health check.
 */
export async function health(app: FastifyInstance, { store }: { store: RoomRepository }): Promise<void> {
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the store did not answer in time')), PROBE_TIMEOUT_MS);
    });
    try {
      await Promise.race([probeStore(store, Date.now()), timeout]);
      return { ok: true };
    } catch (err) {
      app.log.warn({ err }, 'not ready: the store cannot commit');
      return reply.code(503).send({ ok: false, error: 'the store cannot commit right now' });
    } finally {
      clearTimeout(timer);
    }
  });
}
