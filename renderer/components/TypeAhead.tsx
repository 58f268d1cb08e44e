/**
 * A text box with type-ahead from a fixed list (the infraction names): as you type, the names that
 * hold what was typed are listed, those that start with it first, and the first is marked. Tab or
 * Enter takes the marked name into the box (Tab then moves on, as it would), a click takes any;
 * ↓/↑ mark another; Esc closes the list and keeps what was typed — the way to record one's own
 * words that a listed name happens to contain. What the box holds is what is recorded, so the
 * name Tab took is the name saved, never the letters typed before it.
 */
import { useId, useMemo, useState } from 'react';
import { searchKey } from '../lib/people.js';

interface Props {
  value: string;
  onChange(value: string): void;
  options: readonly string[];
  label: string;
  /** What the list is, for screen readers ("Common infractions"). */
  listLabel: string;
  placeholder?: string;
  testId?: string;
  /** At most this many names listed. */
  limit?: number;
}

/** The options that hold `text` (accents and case ignored), those starting with it first; none when it names one exactly. */
export function typeAheadMatches(options: readonly string[], text: string, limit = 8): string[] {
  const query = searchKey(text.trim());
  if (query === '') return [];
  if (options.some((o) => searchKey(o) === query)) return [];
  const holding = options.filter((o) => searchKey(o).includes(query));
  const starts = holding.filter((o) => searchKey(o).startsWith(query));
  return [...starts, ...holding.filter((o) => !starts.includes(o))].slice(0, limit);
}

export function TypeAhead({ value, onChange, options, label, listLabel, placeholder, testId, limit = 8 }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = useMemo(() => (open ? typeAheadMatches(options, value, limit) : []), [open, options, value, limit]);
  const shown = matches.length > 0;
  const marked = Math.min(active, matches.length - 1);

  const take = (name: string): void => {
    onChange(name);
    setOpen(false);
  };

  return (
    <div className="type-ahead">
      <label>
        {label}
        <input
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown ? `${listId}-${marked}` : undefined}
          data-testid={testId}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              if (!open) setOpen(true);
              else setActive(Math.min(marked + 1, matches.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive(Math.max(marked - 1, 0));
            } else if ((e.key === 'Enter' || e.key === 'Tab') && shown && !e.shiftKey) {
              // Enter takes the name and stays (a second Enter records); Tab takes it and moves on.
              if (e.key === 'Enter') e.preventDefault();
              take(matches[marked] as string);
            } else if (e.key === 'Escape' && shown) {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
      </label>
      {shown && (
        <ul className="suggestions type-ahead-list" role="listbox" id={listId} aria-label={listLabel} data-testid={testId ? `${testId}-suggestions` : undefined}>
          {matches.map((name, index) => (
            <li
              key={name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === marked}
              className={index === marked ? 'active' : undefined}
              onMouseDown={(e) => {
                // Before the box loses the focus (which closes the list).
                e.preventDefault();
                take(name);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
