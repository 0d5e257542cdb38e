import { appText } from './i18n/messages.js';

/**
 * Where the verify and replay pages get a game record: a file the visitor
 * drops or picks, or `?record=<id>` for a game the server still keeps (the
 * end screen's links). Either way the page checks it itself.
 */

/** The address a record with this id is fetched from. */
export function recordAddress(id: string): string {
  return `/api/games/${encodeURIComponent(id)}/record`;
}

/** A record as JSON from a file, or why it could not be read. */
export async function recordFromFile(file: File): Promise<{ ok: true; record: unknown } | { ok: false; problem: string }> {
  try {
    return { ok: true, record: JSON.parse(await file.text()) as unknown };
  } catch {
    return { ok: false, problem: appText.record_not_json({ file: file.name }) };
  }
}

/** A record as JSON from the server, or why it could not be had. */
export async function recordFromServer(id: string): Promise<{ ok: true; record: unknown } | { ok: false; problem: string }> {
  try {
    const answer = await fetch(recordAddress(id));
    if (answer.status === 404) return { ok: false, problem: appText.record_not_on_server() };
    if (!answer.ok) return { ok: false, problem: appText.record_server_answered({ status: answer.status }) };
    return { ok: true, record: (await answer.json()) as unknown };
  } catch {
    return { ok: false, problem: appText.record_unreachable() };
  }
}
