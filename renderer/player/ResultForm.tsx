/**
 * A table's result form on a phone: the fields the rule set gives (Ruleset.presentation.results.form,
 * the same the station's Results screen renders: renderer/screens/results/ResultFields.tsx), drawn
 * for a thumb — the common results as big buttons (with what each one means written under it), a
 * box to type anything else, big ticks and choices, a number box per seat. Presentational: the
 * draft lives with the screen that sends it.
 */
import { Fragment } from 'react';
import type { PlayerId } from '../../core/model/types.js';
import type { ResultDraft, ResultField, RichText, Segment } from '../../core/rulesets/ruleset.js';

/** The station's keyboard hints ("Enter records.") mean nothing on a phone: they are left out. */
function forPhone(text: string): string {
  return text.replace(/,?\s*Enter after each/g, '').replace(/\s*(—\s*)?Enter records\.?/g, '');
}

function piece(segment: Segment, key: number) {
  if (typeof segment === 'string') return <Fragment key={key}>{forPhone(segment)}</Fragment>;
  if ('name' in segment) return segment.strong ? <strong key={key}><bdi>{segment.name}</bdi></strong> : <bdi key={key}>{segment.name}</bdi>;
  if ('strong' in segment) return <strong key={key}>{segment.strong}</strong>;
  return <span key={key}>{segment.raised}</span>;
}

/** A rule set's text as elements (names isolated). */
export function Rich({ text }: { text: RichText }) {
  return <>{text.map(piece)}</>;
}

export interface ResultFormProps {
  fields: readonly ResultField[];
  draft: ResultDraft;
  setDraft(draft: ResultDraft): void;
  /** The table's seats, in seat order (the defeat-order toggles write seat numbers). */
  seats: readonly PlayerId[];
  /** Points before the round, by player, for fields that show them. */
  points: Readonly<Record<string, number>>;
  /** Ids are made unique per form on the page. */
  idPrefix: string;
}

function TextField({ field, props }: { field: Extract<ResultField, { kind: 'text' }>; props: ResultFormProps }) {
  const { draft, setDraft, idPrefix } = props;
  const value = draft.text[field.key] ?? '';
  const put = (text: string): void => setDraft({ ...draft, text: { ...draft.text, [field.key]: text } });
  const inputId = `${idPrefix}-${field.key}`;
  return (
    <div className="pl-field">
      {field.quick ? (
        <fieldset className="pl-choices">
          <legend>
            <Rich text={field.label} />
          </legend>
          {field.quick.map((q) => (
            <button key={q.text} type="button" className="pl-choice" aria-pressed={value === q.text} onClick={() => put(q.text)}>
              <span className="pl-choice-main">{q.text}</span>
              <span className="pl-choice-sub">{q.title}</span>
            </button>
          ))}
        </fieldset>
      ) : null}
      <label className="pl-label" htmlFor={inputId}>
        {field.quick ? 'Or type it' : <Rich text={field.label} />}
      </label>
      <input
        id={inputId}
        className="pl-input"
        value={value}
        onChange={(e) => put(e.target.value)}
        placeholder={field.placeholder}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="done"
        aria-describedby={field.describedBy ? `${idPrefix}-${field.describedBy}` : undefined}
      />
    </div>
  );
}

function TextsField({ field, props }: { field: Extract<ResultField, { kind: 'texts' }>; props: ResultFormProps }) {
  const { draft, setDraft, idPrefix } = props;
  return (
    <div className="pl-field">
      {field.rows.map((row, i) => (
        <Fragment key={i}>
          <label className="pl-label" htmlFor={`${idPrefix}-${field.key}-${i}`}>
            <Rich text={row.label} />
          </label>
          <input
            id={`${idPrefix}-${field.key}-${i}`}
            className="pl-input"
            value={draft.items[field.key]?.[i] ?? ''}
            onChange={(e) => {
              const items = [...(draft.items[field.key] ?? [])];
              items[i] = e.target.value;
              setDraft({ ...draft, items: { ...draft.items, [field.key]: items } });
            }}
            placeholder={row.placeholder}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Fragment>
      ))}
    </div>
  );
}

function SeatChecks({ field, props }: { field: Extract<ResultField, { kind: 'seat-checks' }>; props: ResultFormProps }) {
  const { draft, setDraft } = props;
  const ticked = draft.seats[field.key] ?? [];
  const toggle = (id: PlayerId): void =>
    setDraft({ ...draft, seats: { ...draft.seats, [field.key]: ticked.includes(id) ? ticked.filter((x) => x !== id) : [...ticked, id] } });
  return (
    <fieldset className="pl-checks">
      <legend>{forPhone(field.legend)}</legend>
      {field.seats.map((seat) => (
        <label key={seat.id} className="pl-check">
          <input type="checkbox" checked={ticked.includes(seat.id) || seat.locked !== undefined} disabled={seat.locked !== undefined} onChange={() => toggle(seat.id)} />
          <span>
            <Rich text={seat.label} />
            {seat.locked && <span className="pl-muted"> ({seat.locked})</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function SeatNumbers({ field, props }: { field: Extract<ResultField, { kind: 'seat-numbers' }>; props: ResultFormProps }) {
  const { draft, setDraft, seats, points, idPrefix } = props;
  const order = field.order;
  const values = draft.items[field.key] ?? [];
  const click = (id: PlayerId): void => {
    if (!order) return;
    const ids = order.chosen.includes(id) ? order.chosen.filter((x) => x !== id) : [...order.chosen, id];
    setDraft({ ...draft, text: { ...draft.text, [order.key]: ids.map((x) => seats.indexOf(x) + 1).join(' ') } });
  };
  return (
    <fieldset className="pl-checks">
      <legend>{field.ariaGroup}</legend>
      {field.seats.map((seat, i) => {
        const position = order ? order.chosen.indexOf(seat.id) : -1;
        return (
          <div key={seat.id} className="pl-seat-number">
            <label htmlFor={`${idPrefix}-${field.key}-${i}`}>
              <Rich text={seat.label} />
              {field.points && <span className="pl-muted"> · {points[seat.id] ?? 0}</span>}
            </label>
            <span className="pl-seat-row">
              <input
                id={`${idPrefix}-${field.key}-${i}`}
                className="pl-input pl-number"
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
                <button type="button" className="pl-toggle" aria-pressed={position >= 0} onClick={() => click(seat.id)}>
                  {position >= 0 ? order.on(position + 1) : order.off}
                </button>
              )}
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}

function Choice({ field, props }: { field: Extract<ResultField, { kind: 'choice' }>; props: ResultFormProps }) {
  const { draft, setDraft, idPrefix } = props;
  return (
    <fieldset className="pl-checks" data-testid={field.testId}>
      <legend>{field.legend}</legend>
      {field.options.map((option) => (
        <label key={option.id} className="pl-check">
          <input
            type="radio"
            name={`${idPrefix}-${field.key}`}
            checked={draft.choices[field.key] === option.id}
            onChange={() => setDraft({ ...draft, choices: { ...draft.choices, [field.key]: option.id } })}
          />
          <span>
            <Rich text={option.label} />
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function Field({ field, props }: { field: ResultField; props: ResultFormProps }) {
  switch (field.kind) {
    case 'note':
      return (
        <p id={field.id ? `${props.idPrefix}-${field.id}` : undefined} className="pl-note" data-testid={field.testId}>
          <Rich text={field.text} />
        </p>
      );
    case 'text':
      return <TextField field={field} props={props} />;
    case 'texts':
      return <TextsField field={field} props={props} />;
    case 'seat-checks':
      return <SeatChecks field={field} props={props} />;
    case 'seat-numbers':
      return <SeatNumbers field={field} props={props} />;
    case 'choice':
      return <Choice field={field} props={props} />;
  }
}

export function ResultForm(props: ResultFormProps) {
  return (
    <div className="pl-form">
      {props.fields.map((field, i) => (
        <Field key={`${field.kind}-${i}`} field={field} props={props} />
      ))}
    </div>
  );
}
