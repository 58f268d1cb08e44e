/**
 * The pairing check shown with a proposal before it is published: the engine's warnings grouped and
 * explained in words, plus the station's own checks of the proposal against the state (nobody who
 * dropped is seated, everyone active is seated exactly once). Players who share a name are told
 * apart in the warnings too (their note or id beside the name).
 */
import type { EventState, PairingProposal, PairingWarning, PlayerId } from '../../../core/model/types.js';
import { isolate, isolateNames, plural } from '../../lib/format.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import { isTeamEvent } from '../players/RegistrationForm.js';
import { displayNames, playersById } from '../../lib/people.js';

/** The kinds of warning, each explained in words (a rule set may explain one in its own: Ruleset.presentation.words). */
const GROUPS: { kind: PairingWarning['kind']; title: string; explain: string }[] = [
  {
    kind: 'rematch',
    title: 'Rematches',
    explain: 'These players have met before. Podium allows a rematch only when no pairing without one exists.',
  },
  {
    kind: 'pair-down',
    title: 'Pair-downs',
    explain: 'A player meets someone with fewer points: their point group had an odd number of players, or avoiding a rematch needed it. Podium keeps these as few and as small as possible.',
  },
  {
    kind: 'smaller-pod',
    title: 'Smaller pods',
    explain:
      'The player count does not divide into full pods, so some tables seat fewer players. They go to the bottom of the standings; nobody sits in a second smaller pod unless it cannot be avoided.',
  },
  {
    kind: 'second-bye',
    title: 'Second byes',
    explain: 'Everyone who could take the bye has already had one, so this player gets another.',
  },
  { kind: 'info', title: 'Notes', explain: '' },
];

/**
 * A warning of the engine as the check shows it: each player it names (in the order of its
 * `players`, which is the order they appear in the words) with their note or id beside the name when
 * another player has the same name — "Ana Archer (Leeds) and Ana Archer (York) played in round 2",
 * never two identical names — and every name isolated (lib/format.ts).
 */
export function warningText(warning: Pick<PairingWarning, 'message' | 'players'>, raw: ReadonlyMap<PlayerId, string>, shown: ReadonlyMap<PlayerId, string>): string {
  let done = '';
  let rest = warning.message;
  const unmatched: string[] = [];
  for (const id of warning.players) {
    const name = raw.get(id) ?? id;
    const at = rest.indexOf(name);
    if (at < 0) {
      unmatched.push(name);
      continue;
    }
    done += rest.slice(0, at) + isolate(shown.get(id) ?? name);
    rest = rest.slice(at + name.length);
  }
  return done + isolateNames(rest, unmatched);
}

export interface CheckSummary {
  /** Problems that should never happen (a dropped player seated, someone seated twice or missing). */
  problems: string[];
  seated: number;
  active: number;
}

/** The station's own checks of a proposal for round `round`. */
export function checkProposal(state: EventState, round: number, proposal: Pick<PairingProposal, 'tables' | 'byes' | 'waiting'>): CheckSummary {
  const names = displayNames(state);
  const byId = playersById(state);
  const who = isTeamEvent(state) ? 'team' : 'player';
  const name = (id: PlayerId): string => isolate(names.get(id) ?? id);
  const seen = new Map<PlayerId, number>();
  const ids = [...proposal.tables.flatMap((t) => t.seats), ...proposal.byes.map((b) => b.player), ...(proposal.waiting ?? [])];
  for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  const problems: string[] = [];
  for (const [id, count] of seen) {
    const player = byId.get(id);
    if (!player) {
      problems.push(`“${id}” is seated but is not a registered player.`);
      continue;
    }
    if (player.droppedAfterRound !== undefined && player.droppedAfterRound < round)
      problems.push(`${name(id)} dropped after round ${player.droppedAfterRound} but is seated in round ${round}. This should never happen: do not publish; pair again and report it.`);
    if (player.joinedRound > round) problems.push(`${name(id)} joins in round ${player.joinedRound} but is seated in round ${round}.`);
    if (count > 1) problems.push(`${name(id)} is seated ${count} times.`);
  }
  const active = state.players.filter((p) => p.joinedRound <= round && (p.droppedAfterRound === undefined || p.droppedAfterRound >= round));
  const missing = active.filter((p) => !seen.has(p.id));
  if (missing.length > 0)
    problems.push(`${plural(missing.length, `active ${who} is`, `active ${who}s are`)} not seated: ${missing.map((p) => name(p.id)).join(', ')}.`);
  const seated = active.filter((p) => seen.has(p.id)).length;
  return { problems, seated, active: active.length };
}

export function PairingCheck({ state, round, proposal }: { state: EventState; round: number; proposal: PairingProposal }) {
  const { words } = getRuleset(state.ruleset).presentation;
  const byId = playersById(state);
  const raw = new Map([...byId].map(([id, p]) => [id, p.name]));
  const shown = displayNames(state);
  const check = checkProposal(state, round, proposal);
  const byes = proposal.byes;
  const pairingByes = byes.filter((b) => b.kind === 'pairing').length;
  const awardedByes = byes.filter((b) => b.kind === 'awarded').length;
  // A rule set whose rounds give no byes (Lightseekers: everyone plays every game) does not count them.
  const byeWords = !words.byes && byes.length === 0 ? '' : byes.length === 0 ? 'no byes' : [pairingByes ? plural(pairingByes, 'bye') : '', awardedByes ? plural(awardedByes, 'awarded bye') : ''].filter(Boolean).join(' and ');
  const warnings = proposal.warnings;
  return (
    <section className="pairing-check" aria-label="Pairing check" data-testid="pairing-check">
      <h3>Pairing check</h3>
      {check.problems.length > 0 && (
        <div className="check-problems" role="alert">
          {check.problems.map((p) => (
            <p key={p} className="problem">
              <strong>{p}</strong>
            </p>
          ))}
        </div>
      )}
      <p className={check.seated === check.active && check.problems.length === 0 ? 'ok' : 'problem'} data-testid="seated-count">
        {check.seated} of {plural(check.active, isTeamEvent(state) ? 'active team' : 'active player')} seated · {plural(proposal.tables.length, 'table')}
        {byeWords ? ` · ${byeWords}` : ''}
        {proposal.waiting && proposal.waiting.length > 0 ? ` · ${proposal.waiting.length} waiting` : ''}
      </p>
      {warnings.length === 0 && <p className="ok">{words.cleanPairing}</p>}
      {GROUPS.map((group) => {
        const items = warnings.filter((w) => w.kind === group.kind);
        if (items.length === 0) return null;
        const explain = words.warnings?.[group.kind] ?? group.explain;
        return (
          <div key={group.kind} className={`check-group check-${group.kind}`} data-warning-kind={group.kind}>
            <h4>
              {words.warningTitles?.[group.kind] ?? group.title} <span className="count">{items.length}</span>
            </h4>
            {explain && <p className="muted explain">{explain}</p>}
            <ul>
              {items.map((w, i) => (
                <li key={i}>{warningText(w, raw, shown)}</li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
