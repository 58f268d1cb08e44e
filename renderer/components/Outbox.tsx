/**
 * What this window typed while offline, where it was typed (store/outbox.ts): "Waiting to send"
 * until the connection is back, then its outcome — saved, or refused in the host's words — until
 * dismissed. The desk shows the items of the screen shown, the judge's phone those of the table
 * open (and the others under its banner).
 */
import { useOutbox, type OutboxItem } from '../store/outbox.js';
import { wallTime } from '../screens/clock/display.js';
import './Outbox.css';

const STATE_WORDS: Record<OutboxItem['state'], string> = {
  waiting: 'Waiting to send',
  saved: 'Saved',
  refused: 'Refused',
  'not-sent': 'Not sent',
};

export function Outbox({ show, title }: { show: (place: string) => boolean; title?: string }) {
  const all = useOutbox((s) => s.items);
  const dismiss = useOutbox((s) => s.dismiss);
  const items = all.filter((item) => show(item.place));
  if (items.length === 0) return null;
  const waiting = items.filter((item) => item.state === 'waiting').length;
  return (
    <section className="outbox" aria-label={title ?? 'Typed while offline'} data-testid="outbox">
      <p className="outbox-title">
        {title ?? 'Typed while offline'}
        {waiting > 0 ? ` · ${waiting} waiting to send` : ''}
      </p>
      {waiting > 0 && <p className="outbox-hint">Each goes once, by itself, when the connection is back.</p>}
      <ul>
        {items.map((item) => (
          <li key={item.id} className={`outbox-item outbox-${item.state}`} data-testid="outbox-item" data-state={item.state}>
            <span className="outbox-state">{STATE_WORDS[item.state]}</span>
            <span className="outbox-label">{item.label}</span>
            <span className="outbox-typed">typed {wallTime(item.typedAt)}</span>
            {item.message && <span className="outbox-message">{item.message}</span>}
            {item.state !== 'waiting' && (
              <button type="button" className="outbox-dismiss" onClick={() => dismiss(item.id)} aria-label={`Dismiss: ${item.label}`}>
                OK
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
