import { describe, expect, it } from 'vitest';
import type { ActionResult } from '@rollcall/protocol';
import type { Sent } from '../room-connection.svelte.js';
import { Announcer } from './announcer.svelte.js';
import { MoveSender } from './move-sender.svelte.js';

/** A server whose answers the test gives by hand, one per move. */
function handAnswered() {
  const sent: string[] = [];
  const answers: ((reply: Sent<ActionResult>) => void)[] = [];
  const act = (action: string) =>
    new Promise<Sent<ActionResult>>((resolve) => {
      sent.push(action);
      answers.push(resolve);
    });
  const answer = (reply: Sent<ActionResult>) => answers.shift()?.(reply);
  return { sent, act, answer };
}

describe('moves sent from a phone sheet', () => {
  it('is sending until the server answers', async () => {
    const server = handAnswered();
    const moves = new MoveSender(server.act, null);
    const done = moves.send('roll');
    expect(server.sent).toEqual(['roll']);
    expect(moves.sending).toBe(true);
    server.answer({ ok: true, value: { version: 4 } });
    await done;
    expect(moves.sending).toBe(false);
    expect(moves.problem).toBe('');
  });

  it('keeps the reason for a refusal until the next move, and says it at once', async () => {
    const server = handAnswered();
    const announcer = new Announcer();
    const moves = new MoveSender(server.act, announcer);
    const refused = moves.send('score');
    server.answer({ ok: false, error: { code: 'rule/not-your-turn', message: 'It is not your turn.' } });
    await refused;
    expect(moves.problem).toBe('It is not your turn.');
    expect(announcer.assertive).toBe('It is not your turn.');
    expect(announcer.polite).toBe('');
    const again = moves.send('score');
    expect(moves.problem).toBe('');
    server.answer({ ok: true, value: { version: 5 } });
    await again;
    expect(moves.problem).toBe('');
  });
});
