/**
 * A name box with type-ahead from the station's player directory: suggestions appear as you type;
 * ↓/↑ choose one, Enter takes it (name and note), Esc closes the list. With nothing chosen, Enter
 * belongs to the form (it registers).
 */
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { calendarDate } from '../../../core/text/format.js';
import { Name } from '../../components/Name.js';
import { fold, suggestPlayers, type DirectoryPlayer } from '../../store/directory.js';

interface Props {
  value: string;
  onChange(value: string): void;
  /** A suggestion was taken. */
  onPick(person: DirectoryPlayer): void;
  /** "registered here as p004" for people already in this event, keyed by directory key. */
  registeredAs?: (person: DirectoryPlayer) => string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  label: string;
  invalid?: boolean;
}

function lastSeen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : calendarDate(date);
}

export function NameInput({ value, onChange, onPick, registeredAs, inputRef, placeholder, disabled, testId, label, invalid }: Props) {
  const [suggestions, setSuggestions] = useState<DirectoryPlayer[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const asked = useRef(0);
  const listId = useId();

  useEffect(() => {
    const query = value.trim();
    const ticket = ++asked.current;
    if (query.length < 1 || !open) {
      setSuggestions([]);
      setActive(-1);
      return;
    }
    void suggestPlayers(query).then((all) => {
      if (ticket !== asked.current) return; // a newer keystroke asked again
      // A name typed in full that the directory knows without a note: nothing to add.
      const found = all.filter((p) => p.note || fold(p.name) !== fold(query));
      setSuggestions(found);
      setActive((a) => (a >= found.length ? found.length - 1 : a));
    });
  }, [value, open]);

  const pick = (person: DirectoryPlayer): void => {
    onPick(person);
    setOpen(false);
    setSuggestions([]);
    setActive(-1);
  };

  const shown = open && suggestions.length > 0;
  return (
    <div className="name-input">
      <label>
        {label}
        <input
          ref={inputRef}
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={invalid ? true : undefined}
          data-testid={testId}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={(e) => {
            // No name starts with "/": in an empty box it is the search shortcut, as everywhere else.
            if (e.key === '/' && value === '') {
              const search = document.querySelector<HTMLInputElement>('[data-search]');
              if (search) {
                e.preventDefault();
                search.focus();
                search.select();
              }
              return;
            }
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              if (!open) setOpen(true);
              setActive((a) => Math.min(a + 1, suggestions.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, -1));
            } else if (e.key === 'Enter' && shown && active >= 0) {
              e.preventDefault();
              pick(suggestions[active] as DirectoryPlayer);
            } else if (e.key === 'Escape' && shown) {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
      </label>
      {shown && (
        <ul className="suggestions" role="listbox" id={listId} aria-label="From the player directory" data-testid="suggestions">
          {suggestions.map((person, index) => {
            const here = registeredAs?.(person);
            return (
              <li
                key={person.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? 'active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(person);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <Name className="suggestion-name">{person.name}</Name>
                {person.note && <Name className="suggestion-note">{person.note}</Name>}
                <span className="suggestion-seen">{here ? `registered here as ${here}` : `last seen ${lastSeen(person.lastSeen)}`}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
