import { describe, expect, expectTypeOf, it } from 'vitest';
import { ClientEvent, commands, parseCommand, type CommandInput, type CommandPayload, type CommandReply } from './commands.js';
import type { ActionResult, HandedOver, HintReply, Joined } from './messages.js';

describe('the command table', () => {
  it('keeps the event names clients and the load generator already send', () => {
    expect(ClientEvent).toEqual({
      createRoom: 'room:create',
      joinRoom: 'room:join',
      configure: 'room:configure',
      setLock: 'room:lock',
      start: 'room:start',
      removeSeat: 'room:remove-seat',
      addBot: 'room:add-bot',
      takeLead: 'room:take-lead',
      rematch: 'room:rematch',
      endGame: 'room:end-game',
      leave: 'room:leave',
      rename: 'room:rename',
      handOver: 'room:hand-over',
      admitScreen: 'room:admit-screen',
      resetNight: 'room:reset-night',
      contributeSeed: 'dice:contribute',
      action: 'game:action',
      askHint: 'game:hint',
      wholeView: 'room:whole-view',
      playDefault: 'game:default',
    });
  });

  it('lets only the lead or a host screen send the room controls, and needs no token to enter', () => {
    const by = (sender: string) =>
      Object.entries(commands)
        .filter(([, c]) => c.sender === sender)
        .map(([name]) => name)
        .sort();
    expect(by('anyone')).toEqual(['createRoom', 'joinRoom']);
    expect(by('lead')).toEqual(['addBot', 'admitScreen', 'configure', 'handOver', 'rematch', 'removeSeat', 'resetNight', 'setLock', 'start']);
    expect(by('in-room')).toEqual(['wholeView']);
  });

  it('types each payload and reply from its entry', () => {
    expectTypeOf<CommandReply<'joinRoom'>>().toEqualTypeOf<Joined>();
    expectTypeOf<CommandReply<'handOver'>>().toEqualTypeOf<HandedOver>();
    expectTypeOf<CommandReply<'askHint'>>().toEqualTypeOf<HintReply>();
    expectTypeOf<CommandReply<'action'>>().toEqualTypeOf<ActionResult>();
    // A default may be left out when sending, and is always there once parsed.
    expectTypeOf<CommandPayload<'configure'>['timer']>().toEqualTypeOf<0 | 30 | 60 | 120 | undefined>();
    expectTypeOf<CommandInput<'configure'>['timer']>().toEqualTypeOf<0 | 30 | 60 | 120>();
  });

  it('parses a payload with its command’s schema, telling a bad name from a bad request', () => {
    expect(parseCommand('configure', { code: 'abcd ', token: 't'.repeat(20), game: 'wfgts' })).toMatchObject({
      ok: true,
      value: { code: 'ABCD', timer: 0, hints: true },
    });
    expect(parseCommand('createRoom', { as: 'player', name: ' ' })).toEqual({ ok: false, error: { code: 'room/bad-name' } });
    expect(parseCommand('rename', { code: 'ABCD', token: 't'.repeat(20), name: '' })).toEqual({ ok: false, error: { code: 'room/bad-name' } });
    expect(parseCommand('joinRoom', { code: 'ABCD', as: 'juggler' })).toEqual({ ok: false, error: { code: 'room/bad-request' } });
  });
});
