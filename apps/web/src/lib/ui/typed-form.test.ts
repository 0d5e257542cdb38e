import { describe, expect, it } from 'vitest';
import { PlayerName } from '@rollcall/protocol';
import { TypedForm } from './typed-form.svelte.js';

const submitted = () => new Event('submit', { cancelable: true }) as SubmitEvent;

describe('a form of one typed field', () => {
  it('says what is wrong with the text and sends nothing', async () => {
    const form = new TypedForm(PlayerName, 'Pick a name.');
    const sent: string[] = [];
    const event = submitted();
    const through = await form.submit(event, '   ', async (name) => (sent.push(name), null));
    expect(event.defaultPrevented).toBe(true);
    expect(through).toBe(false);
    expect(sent).toEqual([]);
    expect(form.problem).toBe('Pick a name.');
  });

  it('is busy while the value is sent, and shows the answer’s problem until a try goes through', async () => {
    const form = new TypedForm(PlayerName, 'Pick a name.');
    let answer: (problem: string | null) => void = () => {};
    const pending = form.submit(submitted(), 'Ann', () => new Promise((resolve) => (answer = resolve)));
    expect(form.busy).toBe(true);
    answer('That name is taken.');
    expect(await pending).toBe(false);
    expect(form.busy).toBe(false);
    expect(form.problem).toBe('That name is taken.');

    expect(await form.submit(submitted(), 'Bo', async () => null)).toBe(true);
    expect(form.problem).toBe('');
  });
});
