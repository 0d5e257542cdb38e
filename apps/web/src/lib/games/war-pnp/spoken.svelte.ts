import { formatList } from '$lib/i18n/format.js';
import { warPnpText } from '$lib/i18n/messages.js';
import { useAnnouncer } from '$lib/ui/announcer.svelte.js';
import { warPnp } from '@rollcall/rules/catalogue';
import type { NameOf } from '../../seat-names.js';
import { effectWords, powerLabel, reportLines, type Names } from './describe.js';

/**
 * What a phone says aloud as a round goes on, from effects of the sheet that
 * calls this: the roll once the dice have settled, with the powers it fired on
 * this seat's sheet; then each declaration as it is made public and each line
 * of the round's report.
 */
export function sayTheRound(table: () => warPnp.WarView | null, seat: () => number, nameOf: NameOf, names: () => Names): void {
  const announcer = useAnnouncer();

  let saidRoll = '';
  $effect(() => {
    const play = table();
    const turn = play?.turn;
    if (!play || !turn) return;
    const key = `${play.round}-${play.rolls.length}`;
    if (key === saidRoll) return;
    saidRoll = key;
    const [first, second] = turn.dice;
    const sum = first + second;
    const roll = warPnpText.say_roll({ name: nameOf(play.main), first, second, sum, column: warPnp.columnForSum(sum) });
    const fired = (turn.activations[seat()] ?? []).map((a) => warPnpText.fired_pill({ power: powerLabel(a.power), row: a.row }));
    announcer.sayOnceSettled(fired.length > 0 ? `${roll} ${warPnpText.say_fired({ powers: formatList(fired) })}` : roll);
  });

  // What was already on the table when the sheet opened is on screen, not news.
  const said = new Set<string>();
  let heard = false;
  $effect(() => {
    const play = table();
    if (!play) return;
    // This round once anything is public, else the round before.
    const news = play.turn ?? play.lastRound ?? null;
    if (!news) {
      heard = true;
      return;
    }
    const round = news === play.turn ? play.round : play.round - 1;
    const lines: string[] = [];
    news.activations.forEach((acts, s) =>
      acts.forEach((activation, i) => {
        const declared = news.declared[s]?.find((d) => d.activation === i);
        const key = `${round}-d-${s}-${i}`;
        if (!declared || said.has(key)) return;
        said.add(key);
        const who = { name: nameOf(s), power: powerLabel(activation.power) };
        lines.push(
          declared.effect === null
            ? warPnpText.say_passed(who)
            : warPnpText.say_declared({ ...who, what: effectWords(declared.effect, activation, names()) }),
        );
      }),
    );
    if (news.effects && !said.has(`${round}-report`)) {
      said.add(`${round}-report`);
      lines.push(...reportLines(news, names()));
    }
    if (lines.length > 0 && heard) announcer.say(lines.join(' '));
    heard = true;
  });
}
