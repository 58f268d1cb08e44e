/**
 * The result fields of one table, as the rule set describes them (Ruleset.presentation.results.form):
 * text boxes with buttons for the common results, a box per row (team seats), seats to tick
 * (players excluded from a draw), a number per seat with an order to click (VP and defeat order),
 * questions to answer (a tie for the win), notes. Presentational: the draft lives in the entry panel.
 * Inputs marked `data-result-field` are where Enter moves; `data-last-field` is an optional last box.
 */
import { Fragment } from 'react';
import type { EventState, PlayerId, Table } from '../../../core/model/types.js';
import { getRuleset } from '../../../core/rulesets/index.js';
import type { ResultField } from '../../../core/rulesets/ruleset.js';
import { Rich } from '../../lib/rich-text.js';
import { entryContext, type Draft, type EntryRound } from './parse.js';

export interface FieldsProps {
  state: EventState;
  table: Table;
  /** The table's round (its stage; the penalties recorded there). */
  round: EntryRound;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  /** Type `text` into the box `key` and record it right away (the common-result buttons). */
  quick: (key: string, text: string) => void;
  points: ReadonlyMap<PlayerId, number>;
}

/** The rule set's field of one kind. */
type FieldOf<K extends ResultField['kind']> = Extract<ResultField, { kind: K }>;

/** A text box (2-1, "1 2 3 4"), with buttons for the common results. */
function TextField({ field, props: { draft, setDraft, quick } }: { field: FieldOf<'text'>; props: FieldsProps }) {
  return (
    <>
      <label className="result-text">
        {/* One element: a label is a grid, and each loose piece of text would be a row of its own. */}
        <span className="result-label">
          <Rich text={field.label} />
        </span>
        <input
          {...(field.last ? { 'data-last-field': '' } : { 'data-result-field': '' })}
          value={draft.text[field.key] ?? ''}
          onChange={(e) => setDraft({ ...draft, text: { ...draft.text, [field.key]: e.target.value } })}
          placeholder={field.placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={field.describedBy}
        />
      </label>
      {field.quick && (
        <div className="quick-results" role="group" aria-label="Common results">
          {field.quick.map((q) => (
            <button key={q.text} type="button" onClick={() => quick(field.key, q.text)} title={q.unavailable ?? q.title} disabled={q.unavailable !== undefined}>
              {q.text}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/** A text box per row (a team's seats). */
function TextsField({ field, props: { draft, setDraft } }: { field: FieldOf<'texts'>; props: FieldsProps }) {
  return (
    <>
      {field.rows.map((row, i) => (
        <label key={i} className="result-text">
          <span className="result-label">
            <Rich text={row.label} />
          </span>
          <input
            data-result-field
            value={draft.items[field.key]?.[i] ?? ''}
            onChange={(e) => {
              const items = [...(draft.items[field.key] ?? [])];
              items[i] = e.target.value;
              setDraft({ ...draft, items: { ...draft.items, [field.key]: items } });
            }}
            placeholder={row.placeholder}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
      ))}
    </>
  );
}

/** Seats to tick (players excluded from a draw); a locked seat is ticked and says why. */
function SeatChecksField({ field, props: { draft, setDraft } }: { field: FieldOf<'seat-checks'>; props: FieldsProps }) {
  const ticked = draft.seats[field.key] ?? [];
  const toggle = (id: PlayerId): void =>
    setDraft({ ...draft, seats: { ...draft.seats, [field.key]: ticked.includes(id) ? ticked.filter((x) => x !== id) : [...ticked, id] } });
  return (
    <fieldset className={`seat-checks ${field.key}`}>
      <legend>{field.legend}</legend>
      {field.seats.map((seat) => (
        <label key={seat.id} className="check">
          <input type="checkbox" checked={ticked.includes(seat.id) || seat.locked !== undefined} disabled={seat.locked !== undefined} title={seat.locked} onChange={() => toggle(seat.id)} />
          <Rich text={seat.label} />
        </label>
      ))}
    </fieldset>
  );
}

/** A number per seat (VP), with, where the rule set has one, an order to click (defeat order) that fills its text box. */
function SeatNumbersField({ field, props: { table, draft, setDraft, points } }: { field: FieldOf<'seat-numbers'>; props: FieldsProps }) {
  const order = field.order;
  const values = draft.items[field.key] ?? [];
  const click = (id: PlayerId): void => {
    if (!order) return;
    const ids = order.chosen.includes(id) ? order.chosen.filter((x) => x !== id) : [...order.chosen, id];
    setDraft({ ...draft, text: { ...draft.text, [order.key]: ids.map((x) => table.seats.indexOf(x) + 1).join(' ') } });
  };
  return (
    <div className="vp-grid" role="group" aria-label={field.ariaGroup}>
      {field.seats.map((seat, i) => {
        const position = order ? order.chosen.indexOf(seat.id) : -1;
        return (
          <label key={seat.id} className="vp">
            <span>
              <Rich text={seat.label} />
              {field.points && (
                <>
                  {' '}
                  <span className="points">{points.get(seat.id) ?? 0}</span>
                </>
              )}
            </span>
            <span className="vp-row">
              <input
                data-result-field
                inputMode="numeric"
                aria-label={seat.ariaLabel}
                value={values[i] ?? ''}
                onChange={(e) => {
                  const items = [...values];
                  items[i] = e.target.value;
                  setDraft({ ...draft, items: { ...draft.items, [field.key]: items } });
                }}
                placeholder={field.placeholder}
                autoComplete="off"
              />
              {order && (
                <button type="button" className={position >= 0 ? 'defeat on' : 'defeat'} aria-pressed={position >= 0} onClick={() => click(seat.id)} title={order.title}>
                  {position >= 0 ? order.on(position + 1) : order.off}
                </button>
              )}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/** A question to answer (who wins a tie). */
function ChoiceField({ field, props: { draft, setDraft } }: { field: FieldOf<'choice'>; props: FieldsProps }) {
  return (
    <fieldset className="tie-question" data-testid={field.testId} data-question="">
      <legend>{field.legend}</legend>
      {field.options.map((option) => (
        <label key={option.id} className="check">
          <input type="radio" name={`choice-${field.key}`} checked={draft.choices[field.key] === option.id} onChange={() => setDraft({ ...draft, choices: { ...draft.choices, [field.key]: option.id } })} />
          <Rich text={option.label} />
        </label>
      ))}
    </fieldset>
  );
}

function Field({ field, props }: { field: ResultField; props: FieldsProps }) {
  switch (field.kind) {
    case 'note':
      return (
        <p id={field.id} className={field.className} data-testid={field.testId}>
          <Rich text={field.text} />
        </p>
      );
    case 'text':
      return <TextField field={field} props={props} />;
    case 'texts':
      return <TextsField field={field} props={props} />;
    case 'seat-checks':
      return <SeatChecksField field={field} props={props} />;
    case 'seat-numbers':
      return <SeatNumbersField field={field} props={props} />;
    case 'choice':
      return <ChoiceField field={field} props={props} />;
  }
}

export function ResultFields(props: FieldsProps) {
  const form = getRuleset(props.state.ruleset).presentation.results.form(props.table, props.draft, entryContext(props.state, props.round, props.table));
  return (
    <div className={form.className ? `result-fields ${form.className}` : 'result-fields'}>
      {form.fields.map((field, i) => (
        <Fragment key={`${field.kind}-${i}`}>
          <Field field={field} props={props} />
        </Fragment>
      ))}
    </div>
  );
}
