/**
 * `/metrics` for Prometheus, never open to the public by default: on a
 * listener of its own (`METRICS_PORT`, bound to `METRICS_HOST`, loopback
 * unless told otherwise), and on the main port only with
 * `Authorization: Bearer <METRICS_TOKEN>`. With a token, the own listener
 * asks for it too. With neither, nothing serves them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a request's Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

type Answer = { status: number; type: string; body: string; headers?: Record<string, string> };

const notFound: Answer = { status: 404, type: 'application/json; charset=utf-8', body: '{"error":"not found"}' };
const unauthorised: Answer = {
  status: 401,
  type: 'application/json; charset=utf-8',
  body: '{"error":"a bearer token is needed"}',
  headers: { 'www-authenticate': 'Bearer realm="metrics"' },
};

/** The answer to a scrape: the metrics, or 401 when a token is configured and the request lacks it. */
async function scrape(metrics: Metrics, token: string | null, authorization: string | undefined): Promise<Answer> {
  if (token !== null && !bearerMatches(authorization, token)) return unauthorised;
  return { status: 200, type: metrics.registry.contentType, body: await metrics.registry.metrics() };
}

/**
 * `/metrics` on the main port (404 unless a token is configured) and, with
 * `METRICS_PORT`, a listener of its own that serves `/metrics` alone. That
 * listener opens when the app gets ready (so a taken port fails the start)
 * and closes with the app.
 */
export async function metricsEndpoint(app: FastifyInstance, { config, metrics }: { config: Config; metrics: Metrics }): Promise<void> {
  const { port, host, token } = config.metrics;
  app.get(METRICS_PATH, async (request, reply) => {
    const answer = token === null ? notFound : await scrape(metrics, token, request.headers.authorization);
    return reply.code(answer.status).headers(answer.headers ?? {}).type(answer.type).send(answer.body);
  });
  if (port === null) return;

  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { 'content-type': answer.type, ...answer.headers });
    res.end(answer.body);
  };
  const listener = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== METRICS_PATH) return send(res, notFound);
    scrape(metrics, token, req.headers.authorization).then(
      (answer) => send(res, answer),
      (err: unknown) => {
        app.log.error({ err }, 'could not collect the metrics');
        send(res, { status: 500, type: 'text/plain', body: 'could not collect the metrics\n' });
      },
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, host, () => {
        listener.off('error', reject);
        resolve();
      });
    });
    app.log.info({ host, port, bearer: token !== null }, 'metrics served');
  });
  app.addHook('onClose', async () => {
    if (!listener.listening) return;
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
}
